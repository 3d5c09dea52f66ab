package org.sitemapkit.internal.http;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.sitemapkit.internal.store.CachedPage;

/**
 * How a document is sent, decided from the request's headers and the document's validators alone,
 * with no I/O: the status (200 or 304), the headers, the encoding (the stored gzip, or inflated for
 * a client that takes no gzip) and whether a body follows (not for HEAD and 304). One place for
 * RFC 9110's conditional requests and content negotiation, apart from the routing in
 * {@link Documents}.
 */
final class Delivery {
    private static final String CSP = "default-src 'none'; style-src 'unsafe-inline'";

    /** Shared caches may keep a document as long as SitemapKit's own cache calls it fresh. */
    private final String cacheControl;

    Delivery(Duration cacheTtl) {
        this.cacheControl = "public, max-age=" + cacheTtl.toSeconds();
    }

    /** A small text document and its strong validator, computed once. */
    record Text(byte[] body, String etag) {
        Text(byte[] body) {
            this(body, "\"" + CachedPage.etagOf(body) + "\"");
        }
    }

    /**
     * A stored document: gzip as stored when the client takes it (or as a {@code .gz} file), else
     * inflated on the fly; strong validators, 304, HEAD with the real length, and caching for as
     * long as SitemapKit's cache keeps the document fresh.
     *
     * @param lastModifiedMillis the document's Last-Modified, or -1 for none
     */
    Answer document(
            Exchange request,
            Answer.Builder answer,
            byte[] gzipped,
            int identityLength,
            String tag,
            long lastModifiedMillis,
            String contentType,
            boolean gzipFile) {
        boolean gzip = gzipFile || HttpCaching.acceptsGzip(request.header("Accept-Encoding"));
        String etag = "\"" + tag + (gzip ? "-gz\"" : "\"");
        answer.header("ETag", etag);
        if (!gzipFile) {
            answer.header("Vary", "Accept-Encoding");
        }
        answer.header("X-Robots-Tag", "noindex");
        answer.header("Cache-Control", cacheControl);
        if (lastModifiedMillis >= 0) {
            answer.header("Last-Modified", HttpDates.format(lastModifiedMillis));
        }
        int length = gzip ? gzipped.length : identityLength;
        if (HttpCaching.notModified(request, etag, lastModifiedMillis)) {
            return answer.status(304).send(null, gzipped, length, false, true);
        }
        if (gzip && !gzipFile) {
            answer.header("Content-Encoding", "gzip");
        }
        return answer.send(contentType, gzipped, length, !gzip, head(request));
    }

    /** A small text document (robots.txt, the IndexNow key), with its validator and 304. */
    Answer text(Exchange request, Text doc) {
        Answer.Builder answer = Answer.status(200).header("ETag", doc.etag()).header("Cache-Control", cacheControl);
        if (HttpCaching.notModified(request, doc.etag(), -1)) {
            return answer.status(304).send(null, doc.body(), doc.body().length, false, true);
        }
        return answer.send("text/plain; charset=UTF-8", doc.body(), doc.body().length, false, head(request));
    }

    /**
     * A page made for this request alone (the status view): never stored by a cache, never
     * indexed, gzip when the client takes it.
     */
    static Answer unstored(Exchange request, byte[] gzipped, int identityLength, String contentType) {
        boolean gzip = HttpCaching.acceptsGzip(request.header("Accept-Encoding"));
        Answer.Builder answer = Answer.status(200)
                .header("Content-Security-Policy", CSP)
                .header("Cache-Control", "no-store")
                .header("X-Robots-Tag", "noindex")
                .header("Vary", "Accept-Encoding");
        if (gzip) {
            answer.header("Content-Encoding", "gzip");
        }
        return answer.send(contentType, gzipped, gzip ? gzipped.length : identityLength, !gzip, head(request));
    }

    /** An error or a short message: plain text, never stored. */
    static Answer plain(Answer.Builder answer, String message) {
        byte[] body = message.getBytes(StandardCharsets.UTF_8);
        return answer.header("Cache-Control", "no-store")
                .send("text/plain; charset=UTF-8", body, body.length, false, false);
    }

    /** The Content-Security-Policy of SitemapKit's HTML pages: no script, no outside resource. */
    static String csp() {
        return CSP;
    }

    private static boolean head(Exchange request) {
        return request.method().equals("HEAD");
    }
}
