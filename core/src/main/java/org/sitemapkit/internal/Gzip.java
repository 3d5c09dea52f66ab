package org.sitemapkit.internal;

import java.util.concurrent.ExecutionException;

/**
 * Whole-document gzip with the same fixed header as the page writer, for small documents. For
 * SitemapKit's modules, not an API.
 */
public final class Gzip {
    private Gzip() {}

    public static byte[] compress(byte[] data, int level) {
        BlockGzip gzip = new BlockGzip(level, null, 1, 1);
        try {
            gzip.data(data, 0, data.length);
            return gzip.bytes(gzip.finish(new byte[0]));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("deflating failed", e.getCause());
        } finally {
            gzip.end();
        }
    }
}
