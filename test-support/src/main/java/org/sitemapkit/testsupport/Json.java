package org.sitemapkit.testsupport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader of JSON for tests (IndexNow's submissions, servers' health documents): objects as
 * maps, arrays as lists, strings, numbers as {@code Double}, booleans and null. Refuses raw control
 * characters in strings, duplicate keys and trailing text, as RFC 8259 does.
 */
public final class Json {
    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    /**
     * The value {@code text} holds.
     *
     * @throws IllegalArgumentException where it is not JSON, naming the offset
     */
    public static Object parse(String text) {
        Json p = new Json(text);
        Object v = p.value();
        p.space();
        if (p.i != text.length()) {
            throw p.error("trailing text");
        }
        return v;
    }

    private Object value() {
        space();
        if (i >= s.length()) {
            throw error("end of text");
        }
        switch (s.charAt(i)) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return word("true", Boolean.TRUE);
            case 'f':
                return word("false", Boolean.FALSE);
            case 'n':
                return word("null", null);
            default:
                return number();
        }
    }

    private Object word(String w, Object value) {
        if (!s.startsWith(w, i)) {
            throw error("expected " + w);
        }
        i += w.length();
        return value;
    }

    private Double number() {
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        try {
            return Double.valueOf(s.substring(start, i));
        } catch (NumberFormatException e) {
            i = start;
            throw error("not a value");
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        i++;
        space();
        if (peek('}')) {
            i++;
            return map;
        }
        while (true) {
            space();
            if (!peek('"')) {
                throw error("expected a key");
            }
            String key = string();
            space();
            expect(':');
            if (map.put(key, value()) != null) {
                throw error("duplicate key " + key);
            }
            space();
            if (peek(',')) {
                i++;
            } else {
                expect('}');
                return map;
            }
        }
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        i++;
        space();
        if (peek(']')) {
            i++;
            return list;
        }
        while (true) {
            list.add(value());
            space();
            if (peek(',')) {
                i++;
            } else {
                expect(']');
                return list;
            }
        }
    }

    private String string() {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (true) {
            if (i >= s.length()) {
                throw error("unterminated string");
            }
            char c = s.charAt(i++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw error("raw control character");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = s.charAt(i++);
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    out.append(e);
                    break;
                case 'b':
                    out.append('\b');
                    break;
                case 'f':
                    out.append('\f');
                    break;
                case 'n':
                    out.append('\n');
                    break;
                case 'r':
                    out.append('\r');
                    break;
                case 't':
                    out.append('\t');
                    break;
                case 'u':
                    out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    i += 4;
                    break;
                default:
                    throw error("bad escape \\" + e);
            }
        }
    }

    private void space() {
        while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
    }

    private boolean peek(char c) {
        return i < s.length() && s.charAt(i) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("expected " + c);
        }
        i++;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at " + i);
    }
}
