package org.sitemapkit.internal.http;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
     * @param leading a header sent before the others (name and value), or null
     * @param lastModifiedMillis the document's Last-Modified, or -1 for none
     */
    Answer document(
            Exchange request,
            String[] leading,
            byte[] gzipped,
            int identityLength,
            String tag,
            long lastModifiedMillis,
            String contentType,
            boolean gzipFile) {
        boolean gzip = gzipFile || HttpCaching.acceptsGzip(request.header("Accept-Encoding"));
        Prepared p = prepared(new Key(leading, tag, lastModifiedMillis, contentType, gzipFile, gzip));
        int length = gzip ? gzipped.length : identityLength;
        if (HttpCaching.notModified(request, p.etag(), lastModifiedMillis)) {
            return Answer.send(304, p.notModified(), null, gzipped, length, false, true);
        }
        return Answer.send(200, p.ok(), contentType, gzipped, length, !gzip, head(request));
    }

    /** What the headers of a stored document are made of: the same document in the same encoding. */
    private record Key(
            String[] leading,
            String tag,
            long lastModifiedMillis,
            String contentType,
            boolean gzipFile,
            boolean gzip) {}

    /**
     * The headers of one stored document in one encoding, made on its first request and sent again
     * while the same document is asked for: every request for a page asks for the same few, and
     * their ETag, date and header list do not change until the page does.
     *
     * @param notModified the 304's headers: the validators and caching, no Content-Encoding
     * @param ok the 200's: the 304's, and Content-Encoding when the stored gzip is sent as an encoding
     */
    private record Prepared(Key key, String etag, List<String[]> notModified, List<String[]> ok) {
        static Prepared make(Key key, String cacheControl) {
            String etag = "\"" + key.tag() + (key.gzip() ? "-gz\"" : "\"");
            List<String[]> headers = new ArrayList<>(7);
            if (key.leading() != null) {
                headers.add(key.leading());
            }
            headers.add(new String[] {"ETag", etag});
            if (!key.gzipFile()) {
                headers.add(new String[] {"Vary", "Accept-Encoding"});
            }
            headers.add(new String[] {"X-Robots-Tag", "noindex"});
            headers.add(new String[] {"Cache-Control", cacheControl});
            if (key.lastModifiedMillis() >= 0) {
                headers.add(new String[] {"Last-Modified", HttpDates.format(key.lastModifiedMillis())});
            }
            List<String[]> notModified = Collections.unmodifiableList(new ArrayList<>(headers));
            if (key.gzip() && !key.gzipFile()) {
                headers.add(new String[] {"Content-Encoding", "gzip"});
            }
            return new Prepared(key, etag, notModified, Collections.unmodifiableList(headers));
        }
    }

    /** A power of two: the documents whose headers are kept, in slots picked by their tag. */
    private static final int PREPARED_SLOTS = 64;

    /**
     * Written and read without locks: an entry's fields are final, so a thread sees a whole entry or
     * none, and a lost write only costs making the headers again. An entry holds no body, only its
     * few header values.
     */
    private final Prepared[] prepared = new Prepared[PREPARED_SLOTS];

    private Prepared prepared(Key key) {
        int slot = (key.tag().hashCode() * 2 + (key.gzip() ? 1 : 0)) & (PREPARED_SLOTS - 1);
        Prepared p = prepared[slot];
        if (p == null || !p.key().equals(key)) {
            p = Prepared.make(key, cacheControl);
            prepared[slot] = p;
        }
        return p;
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
