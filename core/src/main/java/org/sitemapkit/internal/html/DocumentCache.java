package org.sitemapkit.internal.html;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * Rendered HTML by key, least recently used out past a byte budget, each rendered once however
 * many requests ask at the same time. Keys name the sitemap bytes they came from, so a new
 * render of a section makes new keys and the old entries age out.
 */
final class DocumentCache {
    interface Loader {
        List<HtmlDocument> load() throws IOException;
    }

    private final long maxBytes;
    private final LinkedHashMap<String, List<HtmlDocument>> map = new LinkedHashMap<>(64, 0.75f, true);
    private final ConcurrentHashMap<String, CompletableFuture<List<HtmlDocument>>> loading = new ConcurrentHashMap<>();
    private long bytes;
    /** Guards {@link #map} and {@link #bytes}; private, so that no caller can hold it. */
    private final Object lock = new Object();

    DocumentCache(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    List<HtmlDocument> get(String key, Loader loader) throws IOException {
        synchronized (lock) {
            List<HtmlDocument> cached = map.get(key);
            if (cached != null) {
                return cached;
            }
        }
        CompletableFuture<List<HtmlDocument>> mine = new CompletableFuture<>();
        CompletableFuture<List<HtmlDocument>> other = loading.putIfAbsent(key, mine);
        if (other != null) {
            return await(other);
        }
        try {
            List<HtmlDocument> loaded = List.copyOf(loader.load());
            put(key, loaded);
            mine.complete(loaded);
            return loaded;
        } catch (IOException | RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            loading.remove(key, mine);
        }
    }

    private static List<HtmlDocument> await(CompletableFuture<List<HtmlDocument>> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the page was rendered", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException) {
                throw (IOException) cause;
            }
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            throw new UncheckedIOException(new IOException(cause));
        }
    }

    private void put(String key, List<HtmlDocument> docs) {
        synchronized (lock) {
            long size = size(docs);
            if (map.put(key, docs) == null) {
                bytes += size;
            }
            Iterator<Map.Entry<String, List<HtmlDocument>>> it = map.entrySet().iterator();
            while (bytes > maxBytes && it.hasNext()) {
                Map.Entry<String, List<HtmlDocument>> eldest = it.next();
                if (eldest.getKey().equals(key)) {
                    continue;
                }
                bytes -= size(eldest.getValue());
                it.remove();
            }
        }
    }

    private static long size(List<HtmlDocument> docs) {
        long n = 0;
        for (HtmlDocument d : docs) {
            n += d.gzip().length + 64;
        }
        return n;
    }
}
