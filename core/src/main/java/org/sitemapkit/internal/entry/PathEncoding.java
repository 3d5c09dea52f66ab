package org.sitemapkit.internal.entry;

/**
 * Percent-encodes paths as JAX-RS {@code UriBuilder} does: a template's literal text
 * contextually (existing {@code %XX} escapes kept, as {@code UriBuilder.path} does) and a
 * template value strictly (every {@code %} encoded, as {@code UriBuilder.build} does), UTF-8,
 * upper-case hex. Kept here so the extension needs no JAX-RS implementation at run time.
 */
public final class PathEncoding {
    private PathEncoding() {}

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    /** RFC 3986 pchar: unreserved, sub-delims, ':' and '@'. */
    private static final boolean[] PCHAR = new boolean[128];

    static {
        String plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" + "-._~" + "!$&'()*+,;=" + ":@";
        for (int i = 0; i < plain.length(); i++) {
            PCHAR[plain.charAt(i)] = true;
        }
    }

    /** Encodes literal path text, keeping {@code /} and valid {@code %XX} escapes. */
    public static String literal(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < text.length() && isHex(text.charAt(i + 1)) && isHex(text.charAt(i + 2))) {
                out.append(c);
            } else if (c == '/' || (c < 128 && PCHAR[c])) {
                out.append(c);
            } else {
                i = encode(out, text, i);
            }
        }
        return out.toString();
    }

    /**
     * Appends a template value encoded for one path segment. {@link PathTemplate#valueProblem} has
     * refused what cannot be encoded (an unpaired surrogate) before.
     */
    public static void value(StringBuilder out, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 128 && PCHAR[c]) {
                out.append(c);
            } else {
                i = encode(out, value, i);
            }
        }
    }

    /**
     * Percent-encodes the code point at {@code i}; returns the index of its last char. An unpaired
     * surrogate has no UTF-8 form and is refused.
     */
    private static int encode(StringBuilder out, String s, int i) {
        char c = s.charAt(i);
        int cp = c;
        int last = i;
        if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
            cp = Character.toCodePoint(c, s.charAt(i + 1));
            last = i + 1;
        } else if (Character.isSurrogate(c)) {
            throw new IllegalArgumentException("path has an unpaired surrogate: \"" + s + "\"");
        }
        if (cp < 0x80) {
            pct(out, cp);
        } else if (cp < 0x800) {
            pct(out, 0xC0 | (cp >> 6));
            pct(out, 0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            pct(out, 0xE0 | (cp >> 12));
            pct(out, 0x80 | ((cp >> 6) & 0x3F));
            pct(out, 0x80 | (cp & 0x3F));
        } else {
            pct(out, 0xF0 | (cp >> 18));
            pct(out, 0x80 | ((cp >> 12) & 0x3F));
            pct(out, 0x80 | ((cp >> 6) & 0x3F));
            pct(out, 0x80 | (cp & 0x3F));
        }
        return last;
    }

    private static void pct(StringBuilder out, int b) {
        out.append('%').append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
