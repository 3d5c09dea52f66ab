package org.sitemapkit.jaxrs.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.sitemapkit.internal.entry.IndexedEntry;

/** Reads the processor's index from every jar and class folder a class loader sees. */
final class IndexReader {
    private IndexReader() {}

    /**
     * Every entry of every index, sorted; an unreadable or malformed file is reported to
     * {@code warn} and left out whole, so its classes fall back to reflection. Where the build
     * handed its entries over ({@link BuiltIndex}), those, and no file.
     */
    static List<IndexedEntry> read(ClassLoader loader, Consumer<String> warn) {
        List<IndexedEntry> built = BuiltIndex.get(loader);
        if (built != null) {
            List<IndexedEntry> sorted = new ArrayList<>(built);
            Collections.sort(sorted);
            return sorted;
        }
        Set<String> seen = new LinkedHashSet<>();
        List<IndexedEntry> entries = new ArrayList<>();
        try {
            for (URL url : Collections.list(loader.getResources(IndexFile.RESOURCE))) {
                if (!seen.add(url.toString())) {
                    continue;
                }
                try {
                    entries.addAll(read(url));
                } catch (IOException | IllegalArgumentException e) {
                    warn.accept("ignoring the index " + url + ": " + e.getMessage());
                }
            }
        } catch (IOException e) {
            warn.accept("cannot list the " + IndexFile.RESOURCE + " files: " + e);
        }
        Collections.sort(entries);
        return entries;
    }

    private static List<IndexedEntry> read(URL url) throws IOException {
        URLConnection c = url.openConnection();
        c.setUseCaches(false); // a redeployed jar must not be read from a stale cache
        try (InputStream in = c.getInputStream()) {
            return IndexFile.read(new InputStreamReader(in, StandardCharsets.UTF_8), url.toString());
        }
    }
}
