package org.sitemapkit.internal.render;

import java.net.IDN;
import java.util.Locale;
import org.sitemapkit.model.Site;

/**
 * Writes a URL into a page as RFC 3986 percent-encoded, XML-escaped bytes in one pass, or says
 * why it cannot. Only characters outside the URI syntax are encoded; existing {@code %XX}
 * escapes are kept (hex upper-cased), so an already-encoded URL comes out unchanged.
 */
public final class UrlEncoder {
    private UrlEncoder() {}

    static final int MAX_LENGTH = 2048;

    /** ASCII characters copied as they are in path, query and fragment. */
    private static final boolean[] PLAIN = new boolean[128];

    private static final byte[] HEX = Xml.bytes("0123456789ABCDEF");
    private static final byte[] AMP = Xml.bytes("&amp;");
    private static final byte[] APOS = Xml.bytes("&apos;");

    static {
        String plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" + "-._~" + "!$()*+,;=" + ":@/?";
        for (int i = 0; i < plain.length(); i++) {
            PLAIN[plain.charAt(i)] = true;
        }
    }

    /**
     * How a loc would be written for {@code site}, for a question about one URL (explain): the
     * written form, percent-encoded and canonical, or why it cannot be.
     *
     * @param written receives the written loc when it can be written
     * @return null when it can be written, else the reason
     */
    public static SkipReason check(String url, Site site, StringBuilder written) {
        ByteBuf out = new ByteBuf(url.length() + 16);
        SkipReason r = writeLoc(out, url, site);
        if (r == null) {
            written.append(new String(out.array(), 0, out.size(), java.nio.charset.StandardCharsets.UTF_8));
        }
        return r;
    }

    /**
     * Writes a {@code loc}, which must lie inside {@code site}: its origin is written in the
     * site's canonical form, so {@code HTTPS://Shop.Example.com:443/a} becomes
     * {@code https://shop.example.com/a} and crawlers comparing prefixes agree.
     *
     * @return null when written, else the reason; on failure {@code out} holds partial bytes
     */
    static SkipReason writeLoc(ByteBuf out, String url, Site site) {
        String origin = site.origin();
        int end = origin.length();
        if (url.startsWith(origin) && (end == url.length() || "/?#".indexOf(url.charAt(end)) >= 0)) {
            out.ascii(origin); // the common case: already canonical, no need to parse the authority
            return writePath(out, url, end, end, site);
        }
        Authority a = Authority.parse(url);
        if (a.error != null) {
            return a.error;
        }
        if (!a.scheme.equals(site.scheme())) {
            return SkipReason.OTHER_SCHEME;
        }
        if (!a.host.equals(site.host())) {
            return SkipReason.OTHER_HOST;
        }
        if (a.port != site.effectivePort()) {
            return SkipReason.OTHER_PORT;
        }
        out.ascii(origin);
        return writePath(out, url, a.end, end, site);
    }

    private static SkipReason writePath(ByteBuf out, String url, int from, int length, Site site) {
        int pathStart = out.size();
        SkipReason r = writeRest(out, url, from, length);
        if (r != null) {
            return r;
        }
        return out.regionEquals(pathStart, site.directory()) ? null : SkipReason.OUTSIDE_DIRECTORY;
    }

    /** Writes an absolute URL on any host, for alternates, images and videos. */
    static SkipReason writeLink(ByteBuf out, String url) {
        Authority a = Authority.parse(url);
        if (a.error != null) {
            return a.error;
        }
        int before = out.size();
        out.ascii(a.scheme);
        out.ascii("://");
        out.ascii(a.host);
        if (a.port != (a.scheme.equals("https") ? 443 : 80)) {
            out.put((byte) ':');
            out.decimal(a.port);
        }
        return writeRest(out, url, a.end, out.size() - before);
    }

    /**
     * Encodes path, query and fragment starting at {@code from}; {@code length} is counted so
     * far. The hot loop of a render: runs of characters that need no encoding are found with
     * one table lookup each and copied in bulk, straight into the buffer's array.
     */
    private static SkipReason writeRest(ByteBuf out, String url, int from, int length) {
        int n = url.length();
        if (n - from + length > MAX_LENGTH) {
            return SkipReason.TOO_LONG; // every character takes at least one character encoded
        }
        byte[] a = out.reserve((n - from) * 9 + 1); // 9: a three-byte character, each byte %XX
        int p = out.size();
        int start = p;
        if (from == n || url.charAt(from) != '/') {
            a[p++] = '/'; // "http://host" and "http://host?q" mean the root path
            length++;
        }
        int escapes = 0; // bytes written beyond the URL's own characters (&amp; &apos;)
        boolean inFragment = false;
        int i = from;
        while (true) {
            int run = i;
            char c = 0;
            while (i < n && (c = url.charAt(i)) < 0x80 && PLAIN[c]) {
                i++;
            }
            p = ByteBuf.copyAscii(url, run, i, a, p);
            if (i == n) {
                break;
            }
            if (c < 0x80) {
                if (c < 0x20 || c == 0x7F) {
                    return SkipReason.CONTROL_CHARACTER;
                }
                if (c == '&') {
                    p = put(a, p, AMP);
                    escapes += AMP.length - 1;
                } else if (c == '\'') {
                    p = put(a, p, APOS);
                    escapes += APOS.length - 1;
                } else if (c == '%' && i + 2 < n && isHex(url.charAt(i + 1)) && isHex(url.charAt(i + 2))) {
                    a[p++] = '%';
                    a[p++] = (byte) Character.toUpperCase(url.charAt(++i));
                    a[p++] = (byte) Character.toUpperCase(url.charAt(++i));
                } else if (c == '#' && !inFragment) {
                    inFragment = true;
                    a[p++] = '#';
                } else {
                    p = percent(a, p, c);
                }
            } else if (c <= 0x9F) {
                return SkipReason.CONTROL_CHARACTER; // C1 controls
            } else if (c < 0x800) {
                p = percent(a, p, 0xC0 | (c >> 6));
                p = percent(a, p, 0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == n || !Character.isLowSurrogate(url.charAt(i + 1))) {
                    return SkipReason.MALFORMED;
                }
                int cp = Character.toCodePoint(c, url.charAt(++i));
                p = percent(a, p, 0xF0 | (cp >> 18));
                p = percent(a, p, 0x80 | ((cp >> 12) & 0x3F));
                p = percent(a, p, 0x80 | ((cp >> 6) & 0x3F));
                p = percent(a, p, 0x80 | (cp & 0x3F));
            } else {
                p = percent(a, p, 0xE0 | (c >> 12));
                p = percent(a, p, 0x80 | ((c >> 6) & 0x3F));
                p = percent(a, p, 0x80 | (c & 0x3F));
            }
            if (length + (p - start) - escapes > MAX_LENGTH) {
                return SkipReason.TOO_LONG;
            }
            i++;
        }
        if (length + (p - start) - escapes > MAX_LENGTH) {
            return SkipReason.TOO_LONG;
        }
        if (hasDotSegment(url, from)) { // after the characters, so that a bad one is reported as such
            return SkipReason.DOT_SEGMENT;
        }
        out.size(p);
        return null;
    }

    /**
     * True when a segment of the path (which ends at the first {@code ?} or {@code #}) is
     * {@code .} or {@code ..}: crawlers resolve those away, so the loc would not be the page.
     */
    private static boolean hasDotSegment(String url, int from) {
        if (url.indexOf("/.", from) < 0 && url.indexOf("/%", from) < 0) {
            return false; // the usual case: every segment starts after a slash, none with a dot
        }
        int end = url.length();
        int query = url.indexOf('?', from);
        if (query >= 0) {
            end = query;
        }
        int fragment = url.indexOf('#', from);
        if (fragment >= 0 && fragment < end) {
            end = fragment;
        }
        for (int segment = from; segment <= end; ) {
            int slash = url.indexOf('/', segment);
            if (slash < 0 || slash > end) {
                slash = end;
            }
            if (isDotSegment(url, segment, slash)) {
                return true;
            }
            segment = slash + 1;
        }
        return false;
    }

    private static int put(byte[] a, int p, byte[] bytes) {
        System.arraycopy(bytes, 0, a, p, bytes.length);
        return p + bytes.length;
    }

    private static int percent(byte[] a, int p, int b) {
        a[p] = '%';
        a[p + 1] = HEX[(b >> 4) & 0xF];
        a[p + 2] = HEX[b & 0xF];
        return p + 3;
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** {@code .} or {@code ..}, also spelled with {@code %2e}. */
    private static boolean isDotSegment(String url, int from, int to) {
        int dots = 0;
        for (int i = from; i < to; ) {
            char c = url.charAt(i);
            if (c == '.') {
                i++;
            } else if (c == '%' && url.regionMatches(true, i, "%2e", 0, 3)) {
                i += 3;
            } else {
                return false;
            }
            if (++dots > 2) {
                return false;
            }
        }
        return dots > 0;
    }

    /** The scheme, host and port of an absolute URL, lower-cased, or the reason it has none. */
    static final class Authority {
        String scheme;
        String host;
        int port;
        int end;
        SkipReason error;

        static Authority parse(String url) {
            Authority a = new Authority();
            int colon = url.indexOf("://");
            a.scheme = url.substring(0, colon).toLowerCase(Locale.ROOT);
            int start = colon + 3;
            int end = start;
            while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
                end++;
            }
            a.end = end;
            String authority = url.substring(start, end);
            if (authority.indexOf('@') >= 0 || authority.isEmpty()) {
                return a.fail(SkipReason.MALFORMED);
            }
            String host = authority;
            a.port = a.scheme.equals("https") ? 443 : 80;
            int portColon = authority.lastIndexOf(':');
            if (portColon >= 0 && authority.indexOf(']', portColon) < 0) {
                host = authority.substring(0, portColon);
                String digits = authority.substring(portColon + 1);
                if (!digits.isEmpty()) {
                    if (digits.length() > 5 || !allDigits(digits)) {
                        return a.fail(SkipReason.MALFORMED);
                    }
                    a.port = Integer.parseInt(digits);
                    if (a.port == 0 || a.port > 65535) {
                        return a.fail(SkipReason.MALFORMED);
                    }
                }
            }
            a.host = normalizeHost(host);
            return a.host == null ? a.fail(SkipReason.MALFORMED) : a;
        }

        private static boolean allDigits(String s) {
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                    return false;
                }
            }
            return true;
        }

        private Authority fail(SkipReason reason) {
            error = reason;
            return this;
        }

        private static String normalizeHost(String host) {
            if (host.isEmpty()) {
                return null;
            }
            if (host.charAt(0) == '[') {
                boolean ok = host.length() > 2
                        && host.endsWith("]")
                        && host.substring(1, host.length() - 1)
                                .chars()
                                .allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0);
                return ok ? host.toLowerCase(Locale.ROOT) : null;
            }
            String h = host;
            boolean ascii = true;
            for (int i = 0; i < h.length(); i++) {
                ascii &= h.charAt(i) < 0x80;
            }
            if (!ascii) {
                try {
                    h = IDN.toASCII(h, IDN.ALLOW_UNASSIGNED);
                } catch (IllegalArgumentException e) {
                    return null;
                }
            }
            h = h.toLowerCase(Locale.ROOT);
            for (int i = 0; i < h.length(); i++) {
                char c = h.charAt(i);
                if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) {
                    return null;
                }
            }
            return h.startsWith(".") || h.startsWith("-") ? null : h;
        }
    }
}
