package org.sitemapkit.internal.indexnow;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The request body of an IndexNow submission, written by hand since core takes no JSON library.
 * Everything outside printable ASCII is escaped, so the body is plain ASCII whatever a URL holds,
 * an unpaired surrogate included.
 */
final class IndexNowJson {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private IndexNowJson() {}

    static byte[] body(String host, String key, String keyLocation, List<String> urls) {
        int size = 64 + host.length() + key.length() + keyLocation.length();
        for (String url : urls) {
            size += url.length() + 3;
        }
        StringBuilder out = new StringBuilder(size);
        out.append("{\"host\":");
        string(out, host);
        out.append(",\"key\":");
        string(out, key);
        out.append(",\"keyLocation\":");
        string(out, keyLocation);
        out.append(",\"urlList\":[");
        for (int i = 0; i < urls.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            string(out, urls.get(i));
        }
        out.append("]}");
        return out.toString().getBytes(StandardCharsets.US_ASCII);
    }

    static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c >= 0x7f) {
                out.append("\\u")
                        .append(HEX[c >> 12])
                        .append(HEX[(c >> 8) & 0xf])
                        .append(HEX[(c >> 4) & 0xf])
                        .append(HEX[c & 0xf]);
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
