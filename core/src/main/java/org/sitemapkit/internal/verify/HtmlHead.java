package org.sitemapkit.internal.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an HTML document's head says about the page, read as crawlers read it: the robots meta
 * contents, the canonical links and the hreflang alternates. Only the head is read, up to where
 * {@code </head>} or {@code <body>} starts, comments, scripts and styles skipped; a head cut by the
 * size limit says so ({@link #complete}), so that a page is never judged on half of it. Core may
 * not depend on an HTML library (it goes into other people's WARs), hence this small reader; it is
 * linear in its input and never throws.
 *
 * @param robots the contents of {@code <meta name="robots">} (and {@code googlebot}, {@code bingbot})
 * @param canonicals the {@code href}s of {@code <link rel="canonical">}, unresolved
 * @param alternates the {@code <link rel="alternate" hreflang href>} of the head
 * @param complete whether the head's end was seen within the bytes given
 */
record HtmlHead(List<String> robots, List<String> canonicals, List<Alternate> alternates, boolean complete) {

    /** One hreflang alternate the page declares, its href unresolved. */
    record Alternate(String hreflang, String href) {}

    private static final List<String> ROBOTS_NAMES = List.of("robots", "googlebot", "bingbot");
    /** The elements a head may hold; any other one starts the body. */
    private static final java.util.Set<String> HEAD_ELEMENTS = java.util.Set.of(
            "html", "head", "title", "base", "meta", "link", "script", "style", "noscript", "template");

    /** Reads the head of {@code html}, which may be cut anywhere. */
    static HtmlHead read(String html) {
        List<String> robots = new ArrayList<>();
        List<String> canonicals = new ArrayList<>();
        List<Alternate> alternates = new ArrayList<>();
        int n = html.length();
        int i = 0;
        while (i < n) {
            int lt = indexOf(html, '<', i);
            if (lt < 0 || lt + 1 >= n) {
                break;
            }
            if (startsWith(html, lt, "<!--")) {
                int end = indexOf(html, "-->", lt + 4);
                if (end < 0) {
                    break;
                }
                i = end + 3;
                continue;
            }
            char c = html.charAt(lt + 1);
            if (c == '/') {
                int nameEnd = nameEnd(html, lt + 2);
                String name = lower(html, lt + 2, nameEnd);
                if (name.equals("head") || name.equals("html")) {
                    return new HtmlHead(robots, canonicals, alternates, true);
                }
                i = Math.max(nameEnd, lt + 2);
                continue;
            }
            if (!isLetter(c)) {
                i = lt + 1; // "<!DOCTYPE", "<?xml", a stray '<'
                if (c == '!' || c == '?') {
                    int gt = indexOf(html, '>', lt);
                    if (gt < 0) {
                        break;
                    }
                    i = gt + 1;
                }
                continue;
            }
            int nameEnd = nameEnd(html, lt + 1);
            String name = lower(html, lt + 1, nameEnd);
            Tag tag = new Tag();
            int after = tag.attributes(html, nameEnd);
            if (after < 0) {
                break; // the tag is cut
            }
            switch (name) {
                case "body" -> {
                    return new HtmlHead(robots, canonicals, alternates, true);
                }
                case "script", "style", "template", "noscript" -> {
                    int close = indexOfIgnoreCase(html, "</" + name, after);
                    if (close < 0) {
                        return new HtmlHead(robots, canonicals, alternates, false);
                    }
                    i = close + 2 + name.length();
                    continue;
                }
                case "meta" -> {
                    String metaName = tag.get("name");
                    if (metaName != null
                            && ROBOTS_NAMES.contains(metaName.strip().toLowerCase(Locale.ROOT))) {
                        robots.add(tag.get("content") == null ? "" : tag.get("content"));
                    }
                }
                case "link" -> {
                    String rel = tag.get("rel");
                    String href = tag.get("href");
                    if (rel != null && href != null) {
                        List<String> rels =
                                List.of(rel.toLowerCase(Locale.ROOT).strip().split("\\s+"));
                        if (rels.contains("canonical")) {
                            canonicals.add(href.strip());
                        }
                        String hreflang = tag.get("hreflang");
                        if (rels.contains("alternate") && hreflang != null) {
                            alternates.add(new Alternate(hreflang.strip(), href.strip()));
                        }
                    }
                }
                default -> {
                    if (!HEAD_ELEMENTS.contains(name)) {
                        // a body element: the head ended here, its end tag and <body> left out as HTML allows
                        return new HtmlHead(robots, canonicals, alternates, true);
                    }
                }
            }
            i = after;
        }
        return new HtmlHead(robots, canonicals, alternates, false);
    }

    /** One start tag's attributes, names in lower case, values with their character references decoded. */
    private static final class Tag {
        private final List<String> names = new ArrayList<>();
        private final List<String> values = new ArrayList<>();

        String get(String name) {
            int k = names.indexOf(name);
            return k < 0 ? null : values.get(k);
        }

        /** Reads attributes from {@code i}; returns the index after the tag's '>', or -1 when cut. */
        int attributes(String s, int i) {
            int n = s.length();
            while (i < n) {
                char c = s.charAt(i);
                if (c == '>') {
                    return i + 1;
                }
                if (Character.isWhitespace(c) || c == '/') {
                    i++;
                    continue;
                }
                int start = i;
                while (i < n && !Character.isWhitespace(s.charAt(i)) && "=>/".indexOf(s.charAt(i)) < 0) {
                    i++;
                }
                String name = lower(s, start, i);
                while (i < n && Character.isWhitespace(s.charAt(i))) {
                    i++;
                }
                String value = "";
                if (i < n && s.charAt(i) == '=') {
                    i++;
                    while (i < n && Character.isWhitespace(s.charAt(i))) {
                        i++;
                    }
                    if (i >= n) {
                        return -1;
                    }
                    char q = s.charAt(i);
                    if (q == '"' || q == '\'') {
                        int end = indexOf(s, q, i + 1);
                        if (end < 0) {
                            return -1;
                        }
                        value = decode(s.substring(i + 1, end));
                        i = end + 1;
                    } else {
                        int vs = i;
                        while (i < n && !Character.isWhitespace(s.charAt(i)) && s.charAt(i) != '>') {
                            i++;
                        }
                        value = decode(s.substring(vs, i));
                    }
                }
                if (!name.isEmpty() && !names.contains(name)) { // the first of a repeated attribute wins
                    names.add(name);
                    values.add(value);
                }
            }
            return -1;
        }
    }

    /** Decodes the character references an attribute value may hold: named basics and numeric ones. */
    static String decode(String v) {
        int amp = v.indexOf('&');
        if (amp < 0) {
            return v;
        }
        StringBuilder out = new StringBuilder(v.length());
        int i = 0;
        while (i < v.length()) {
            char c = v.charAt(i);
            int semi = c == '&' ? v.indexOf(';', i) : -1;
            if (semi > i + 1 && semi - i <= 10) {
                String ref = v.substring(i + 1, semi);
                int cp = codePoint(ref);
                if (cp >= 0) {
                    out.appendCodePoint(cp);
                    i = semi + 1;
                    continue;
                }
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    private static int codePoint(String ref) {
        switch (ref) {
            case "amp":
                return '&';
            case "lt":
                return '<';
            case "gt":
                return '>';
            case "quot":
                return '"';
            case "apos":
                return '\'';
            default:
                break;
        }
        if (ref.length() > 1 && ref.charAt(0) == '#') {
            try {
                int cp = ref.charAt(1) == 'x' || ref.charAt(1) == 'X'
                        ? Integer.parseInt(ref.substring(2), 16)
                        : Integer.parseInt(ref.substring(1));
                return Character.isValidCodePoint(cp) && !(cp >= 0xD800 && cp <= 0xDFFF) ? cp : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static int nameEnd(String s, int i) {
        while (i < s.length() && (isLetter(s.charAt(i)) || Character.isDigit(s.charAt(i)) || s.charAt(i) == '-')) {
            i++;
        }
        return i;
    }

    private static String lower(String s, int from, int to) {
        return s.substring(from, Math.max(from, to)).toLowerCase(Locale.ROOT);
    }

    private static int indexOf(String s, char c, int from) {
        return s.indexOf(c, Math.max(0, from));
    }

    private static int indexOf(String s, String what, int from) {
        return s.indexOf(what, Math.max(0, from));
    }

    private static boolean startsWith(String s, int at, String what) {
        return s.startsWith(what, at);
    }

    private static int indexOfIgnoreCase(String s, String what, int from) {
        int n = s.length();
        int m = what.length();
        outer:
        for (int i = Math.max(0, from); i + m <= n; i++) {
            for (int k = 0; k < m; k++) {
                if (Character.toLowerCase(s.charAt(i + k)) != what.charAt(k)) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
