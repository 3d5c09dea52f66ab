package org.sitemapkit.jaxrs.internal;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.sitemapkit.internal.entry.IndexedEntry;

/**
 * The {@code @SitemapEntry} entries an integration found when the application was built (the Quarkus
 * extension, from its Jandex index), in the index file's format: where it set them for a class loader,
 * {@link IndexReader} takes them in place of every {@link IndexFile#RESOURCE} on the class path, so a
 * rebuild (Quarkus' dev-mode reload) lists exactly what the classes declare now.
 */
public final class BuiltIndex {
    private static final Map<ClassLoader, List<IndexedEntry>> BY_LOADER =
            Collections.synchronizedMap(new WeakHashMap<>());

    private BuiltIndex() {}

    /**
     * The entries of the application that runs in {@code loader}, as {@link IndexFile#write} wrote them.
     *
     * @throws IllegalArgumentException for text that is not an index of this version
     */
    public static void set(ClassLoader loader, String indexText) {
        List<IndexedEntry> entries;
        try {
            entries = IndexFile.read(new StringReader(indexText), "the @SitemapEntry index of the build");
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
        BY_LOADER.put(loader, List.copyOf(entries));
    }

    /** The entries set for {@code loader} or the nearest of its parents, or null when none were. */
    static List<IndexedEntry> get(ClassLoader loader) {
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            List<IndexedEntry> entries = BY_LOADER.get(l);
            if (entries != null) {
                return entries;
            }
        }
        return null;
    }
}
