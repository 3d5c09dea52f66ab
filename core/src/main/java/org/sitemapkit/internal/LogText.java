package org.sitemapkit.internal;

/**
 * Text from requests and data made safe for one log line: quoted, cut at 200 characters, and
 * with control characters escaped, so that a provider's row or a client's header can never
 * forge a line of its own. For SitemapKit's modules, not an API.
 */
public final class LogText {
    private LogText() {}

    public static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        int n = Math.min(s.length(), 200);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20
                    || c == 0x7f
                    || c == '"'
                    || c == '\\'
                    || (c >= 0x80 && c < 0xa0)
                    || c == '\u2028'
                    || c == '\u2029') {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append(n < s.length() ? "...\"" : "\"").toString();
    }
}
