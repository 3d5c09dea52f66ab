package org.sitemapkit.internal.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.sitemapkit.model.Site;

/**
 * What {@link Documents} decided for one request: pass it on to the application, fetch the
 * application's robots.txt first, or send this status, these headers and this body. Each adapter
 * writes it with its own API, so the servlet and JAX-RS paths send the same bytes.
 */
public final class Answer {
    /** What the adapter does with the request. */
    public enum Kind {
        /** Not SitemapKit's: the application answers, untouched. */
        PASS,
        /** robots.txt: the adapter fetches the application's own answer and hands it to {@link RobotsFiles}. */
        ROBOTS,
        /** Send this answer. */
        SEND
    }

    static final Answer PASS = new Answer(Kind.PASS, null, List.of(), 0, List.of(), null, null, 0, false, true);

    private final Kind kind;
    private final Site site;
    /** The index documents robots.txt lists ({@link Kind#ROBOTS}). */
    private final List<String> sitemaps;

    private final int status;
    private final List<String[]> headers;
    private final String contentType;
    private final byte[] body;
    private final int length;
    private final boolean inflate;
    private final boolean bodiless;

    private Answer(
            Kind kind,
            Site site,
            List<String> sitemaps,
            int status,
            List<String[]> headers,
            String contentType,
            byte[] body,
            int length,
            boolean inflate,
            boolean bodiless) {
        this.kind = kind;
        this.site = site;
        this.sitemaps = sitemaps;
        this.status = status;
        this.headers = headers;
        this.contentType = contentType;
        this.body = body;
        this.length = length;
        this.inflate = inflate;
        this.bodiless = bodiless;
    }

    static Answer robots(Site site, List<String> sitemaps) {
        return new Answer(Kind.ROBOTS, site, List.copyOf(sitemaps), 0, List.of(), null, null, 0, false, true);
    }

    /** A new answer to fill in; {@link Builder#send} makes it. */
    static Builder status(int status) {
        return new Builder(status);
    }

    /** Sets the headers, status and body of an answer that is to be sent. */
    static final class Builder {
        private int status;
        private final List<String[]> headers = new ArrayList<>(8);

        private Builder(int status) {
            this.status = status;
        }

        Builder header(String name, String value) {
            headers.add(new String[] {name, value});
            return this;
        }

        Builder status(int value) {
            status = value;
            return this;
        }

        /** A body of {@code length} bytes: {@code bytes}, or {@code bytes} inflated when {@code inflate}. */
        Answer send(String contentType, byte[] bytes, int length, boolean inflate, boolean bodiless) {
            return Answer.send(
                    status, Collections.unmodifiableList(headers), contentType, bytes, length, inflate, bodiless);
        }
    }

    /**
     * An answer to send with headers made already, which it keeps as they are: {@code headers} is
     * not to change.
     */
    static Answer send(
            int status,
            List<String[]> headers,
            String contentType,
            byte[] bytes,
            int length,
            boolean inflate,
            boolean bodiless) {
        return new Answer(Kind.SEND, null, List.of(), status, headers, contentType, bytes, length, inflate, bodiless);
    }

    public Kind kind() {
        return kind;
    }

    /** The site whose robots.txt is asked for ({@link Kind#ROBOTS}). */
    public Site site() {
        return site;
    }

    /** The index documents the application's robots.txt must list ({@link Kind#ROBOTS}). */
    public List<String> sitemaps() {
        return sitemaps;
    }

    public int status() {
        return status;
    }

    /** Name and value pairs, in order; Content-Type and Content-Length are apart. */
    public List<String[]> headers() {
        return headers;
    }

    /** Null for a 304, which has none. */
    public String contentType() {
        return contentType;
    }

    /** The Content-Length: of the body a 200 has, also on a 304 and a HEAD (RFC 9110 §8.6). */
    public int length() {
        return length;
    }

    /** No body is written: a 304, or the answer to a HEAD. */
    public boolean bodiless() {
        return bodiless;
    }

    /** The body as stored, to hand over without a copy; null when it is to be inflated ({@link #writeBody}). */
    public byte[] storedBytes() {
        return inflate || body == null ? null : body;
    }

    /** Writes the body: the stored bytes, or the stored gzip inflated for a client that takes no gzip. */
    public void writeBody(OutputStream out) throws IOException {
        if (bodiless) {
            return;
        }
        if (!inflate) {
            out.write(body);
            return;
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body), 1 << 16)) {
            in.transferTo(out);
        }
    }
}
