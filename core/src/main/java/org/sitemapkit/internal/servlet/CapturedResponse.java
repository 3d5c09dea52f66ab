package org.sitemapkit.internal.servlet;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Holds what the rest of the chain answers, so that the application's robots.txt, whoever
 * produces it (the default servlet, a servlet, JAX-RS, another filter), can be served with a
 * {@code Sitemap} line added. Nothing reaches the client until {@link #replay} or, for an answer
 * over {@link #LIMIT} bytes, until it is passed through untouched as it is written.
 */
final class CapturedResponse extends HttpServletResponseWrapper {
    /** Past this a body is not a robots.txt we could amend; it is passed on as it is. */
    static final int LIMIT = 4 << 20;

    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    private final HttpServletResponse real;
    private final Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private int status = 200;
    private boolean error;
    private String errorMessage;
    private String redirect;
    private String contentType;
    private String encoding;
    private boolean spilled;
    private OutputStream direct;
    private ServletOutputStream stream;
    private PrintWriter writer;

    CapturedResponse(HttpServletResponse real) {
        super(real);
        this.real = real;
    }

    /** The status the application set, including one given to {@code sendError}. */
    @Override
    public int getStatus() {
        return status;
    }

    /** Whether the application answered 200 with a body we hold (not sent on already). */
    boolean isOk() {
        return !spilled && !error && redirect == null && status == 200;
    }

    /** Whether the application said it has no such file. */
    boolean isNotFound() {
        return !spilled && redirect == null && (status == 404 || status == 410);
    }

    boolean isSpilled() {
        return spilled;
    }

    /** The body written so far; call after the chain returned. */
    byte[] body() {
        finish();
        return body.toByteArray();
    }

    /** Sends the application's own answer on unchanged. */
    void replay() throws IOException {
        finish();
        if (spilled) {
            real.flushBuffer();
            return;
        }
        if (redirect != null) {
            copyHeaders();
            real.setStatus(status);
            real.setHeader("Location", redirect); // the container resolves a relative one, as for sendRedirect
            if (status == 302) {
                real.sendRedirect(redirect);
            }
        } else if (error) {
            copyHeaders();
            if (errorMessage == null) {
                real.sendError(status);
            } else {
                real.sendError(status, errorMessage);
            }
        } else {
            spill();
            real.flushBuffer();
        }
    }

    private void finish() {
        if (writer != null) {
            writer.flush();
        }
    }

    private void spill() throws IOException {
        if (spilled) {
            return;
        }
        spilled = true;
        real.setStatus(status);
        copyHeaders();
        direct = real.getOutputStream();
        body.writeTo(direct);
        body.reset();
    }

    private void copyHeaders() {
        if (contentType != null) {
            real.setContentType(contentType);
        }
        if (encoding != null) {
            real.setCharacterEncoding(encoding);
        }
        headers.forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Content-Length")) {
                values.forEach(v -> real.addHeader(name, v));
            }
        });
    }

    @Override
    public void setStatus(int sc) {
        status = sc;
    }

    @Override
    public void sendError(int sc) {
        sendError(sc, null);
    }

    @Override
    public void sendError(int sc, String msg) {
        status = sc;
        error = true;
        errorMessage = msg;
    }

    @Override
    public void sendRedirect(String location) {
        status = 302;
        redirect = location;
    }

    /** Servlet 6.1's overloads, declared so that they are captured too on Tomcat 11. */
    public void sendRedirect(String location, int sc) {
        sendRedirect(location, sc, true);
    }

    public void sendRedirect(String location, boolean clearBuffer) {
        sendRedirect(location, 302, clearBuffer);
    }

    public void sendRedirect(String location, int sc, boolean clearBuffer) {
        status = sc;
        redirect = location;
    }

    @Override
    public void setContentType(String type) {
        contentType = type;
    }

    @Override
    public String getContentType() {
        return contentType;
    }

    @Override
    public void setCharacterEncoding(String charset) {
        encoding = charset;
    }

    /** Servlet 6.1 (Tomcat 11) adds this overload; without it the call would bypass the capture. */
    public void setCharacterEncoding(Charset charset) {
        encoding = charset == null ? null : charset.name();
    }

    @Override
    public String getCharacterEncoding() {
        String declared = declaredCharset();
        return declared != null ? declared : real.getCharacterEncoding(); // the container's default, as without us
    }

    /**
     * The charset the application named (by {@code setCharacterEncoding} or in its content type),
     * or the one its writer encoded with; null when it wrote bytes and named none.
     */
    String declaredCharset() {
        if (encoding != null) {
            return encoding;
        }
        String type = contentType == null ? "" : contentType;
        int i = type.toLowerCase(Locale.ROOT).indexOf("charset=");
        if (i >= 0) {
            String cs = type.substring(i + 8);
            int semi = cs.indexOf(';');
            return (semi < 0 ? cs : cs.substring(0, semi)).replace("\"", "").trim();
        }
        return writer != null ? real.getCharacterEncoding() : null;
    }

    @Override
    public void setContentLength(int len) {}

    @Override
    public void setContentLengthLong(long len) {}

    @Override
    public void setHeader(String name, String value) {
        if (name.equalsIgnoreCase("Content-Type")) {
            setContentType(value);
        } else if (value == null) {
            headers.remove(name);
        } else {
            headers.put(name, new ArrayList<>(List.of(value)));
        }
    }

    @Override
    public void addHeader(String name, String value) {
        if (name.equalsIgnoreCase("Content-Type")) {
            setContentType(value);
        } else if (value != null) {
            headers.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
    }

    @Override
    public void setDateHeader(String name, long date) {
        setHeader(name, HTTP_DATE.format(Instant.ofEpochMilli(date)));
    }

    @Override
    public void addDateHeader(String name, long date) {
        addHeader(name, HTTP_DATE.format(Instant.ofEpochMilli(date)));
    }

    @Override
    public void setIntHeader(String name, int value) {
        setHeader(name, Integer.toString(value));
    }

    @Override
    public void addIntHeader(String name, int value) {
        addHeader(name, Integer.toString(value));
    }

    @Override
    public boolean containsHeader(String name) {
        return headers.containsKey(name);
    }

    @Override
    public String getHeader(String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    @Override
    public Collection<String> getHeaders(String name) {
        return List.copyOf(headers.getOrDefault(name, List.of()));
    }

    @Override
    public Collection<String> getHeaderNames() {
        return List.copyOf(headers.keySet());
    }

    @Override
    public boolean isCommitted() {
        return spilled;
    }

    @Override
    public void flushBuffer() throws IOException {
        if (spilled) {
            finish();
            real.flushBuffer();
        }
    }

    @Override
    public void resetBuffer() {
        if (!spilled) {
            body.reset();
        }
    }

    @Override
    public void reset() {
        if (!spilled) {
            body.reset();
            headers.clear();
            status = 200;
            error = false;
            redirect = null;
            contentType = null;
            encoding = null;
        }
    }

    @Override
    public ServletOutputStream getOutputStream() {
        if (stream == null) {
            stream = new Capture();
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() {
        if (writer == null) {
            Charset charset;
            try {
                charset = Charset.forName(getCharacterEncoding());
            } catch (IllegalArgumentException e) {
                charset = StandardCharsets.UTF_8;
            }
            writer = new PrintWriter(new OutputStreamWriter(getOutputStream(), charset));
        }
        return writer;
    }

    /** Buffers up to {@link #LIMIT}, then passes everything through. */
    private final class Capture extends ServletOutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (!spilled && body.size() + len > LIMIT) {
                spill();
            }
            if (spilled) {
                direct.write(b, off, len);
            } else {
                body.write(b, off, len);
            }
        }

        @Override
        public void flush() throws IOException {
            if (spilled) {
                direct.flush();
            }
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            throw new IllegalStateException("robots.txt is captured synchronously");
        }
    }
}
