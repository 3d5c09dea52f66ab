package org.sitemapkit.internal.robots;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** The checks and the path encoding the robots value types share. */
final class RobotsChecks {
    /** RFC 9309 {@code product-token = identifier / "*"}; identifiers have no digits. */
    private static final Pattern PRODUCT_TOKEN = Pattern.compile("\\*|[A-Za-z_-]+");

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private RobotsChecks() {}

    /** Thrown rather than checked, so a valid 500 KiB path is not quoted once per character. */
    static IllegalArgumentException invalid(String format, Object... args) {
        return new IllegalArgumentException(String.format(format, args));
    }

    static <T> T checkNotNull(T value, String field) {
        if (value == null) {
            throw new NullPointerException(field + " == null");
        }
        return value;
    }

    static String checkUserAgent(String token) {
        checkNotNull(token, "User-agent");
        if (!PRODUCT_TOKEN.matcher(token).matches()) {
            throw invalid("User-agent must be \"*\" or a product token of letters, '-' and '_': %s", quote(token));
        }
        return token;
    }

    /**
     * Returns {@code path} in the form RFC 9309 §2.2.2 has crawlers compare: non-ASCII as
     * percent-encoded UTF-8. Space, {@code #} and a {@code %} that starts no escape are encoded
     * too, since none of them can stand literally in a robots.txt path; valid escapes are kept.
     */
    static String encodePath(String path, String field) {
        checkNotNull(path, field);
        if (path.isEmpty()) {
            return path;
        }
        if (path.charAt(0) != '/') {
            throw invalid("%s must start with '/': %s", field, quote(path));
        }
        StringBuilder result = new StringBuilder(path.length() + 16);
        for (int i = 0; i < path.length(); ) {
            int c = path.codePointAt(i);
            int next = i + Character.charCount(c);
            if (Character.isISOControl(c)) {
                throw invalid("%s has a control character (U+%04X at %d): %s", field, c, i, quote(path));
            } else if (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE) {
                throw invalid("%s has an unpaired surrogate (U+%04X at %d): %s", field, c, i, quote(path));
            } else if (c == '%' && isEscape(path, i)) {
                result.append(path, i, i + 3);
                next = i + 3;
            } else if (c == '%' || c == ' ' || c == '#') {
                appendEscaped(result, c);
            } else if (c < 0x80) {
                result.append((char) c);
            } else {
                for (byte b : new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8)) {
                    appendEscaped(result, b & 0xFF);
                }
            }
            i = next;
        }
        return result.toString();
    }

    /**
     * An absolute http(s) URL with a host, in its ASCII form. A fragment is refused: the
     * {@code #} would start a comment and the parser would read back a different URL.
     */
    static String checkSitemapUrl(String url) {
        checkNotNull(url, "Sitemap");
        URI uri = null;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            // Reported below with the same message as any other unusable URL.
        }
        String scheme = uri == null ? null : uri.getScheme();
        if (scheme == null
                || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
                || uri.getHost() == null) {
            throw invalid("Sitemap must be an absolute http or https URL: %s", quote(url));
        }
        if (uri.getRawFragment() != null) {
            throw invalid("Sitemap URL must not have a #fragment: %s", quote(url));
        }
        return uri.toASCIIString();
    }

    /** {@code value} in double quotes, invisible characters escaped so a message shows them. */
    static String quote(String value) {
        StringBuilder result = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                result.append('\\').append(c);
            } else if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                result.append(String.format("\\u%04X", (int) c));
            } else {
                result.append(c);
            }
        }
        return result.append('"').toString();
    }

    private static boolean isEscape(String s, int percent) {
        return percent + 2 < s.length() && isHex(s.charAt(percent + 1)) && isHex(s.charAt(percent + 2));
    }

    /** ASCII only: {@link Character#digit} would also accept fullwidth and other digits. */
    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
    }

    private static void appendEscaped(StringBuilder out, int octet) {
        out.append('%').append(HEX[octet >> 4]).append(HEX[octet & 0xF]);
    }
}
