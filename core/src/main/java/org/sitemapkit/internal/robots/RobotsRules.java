package org.sitemapkit.internal.robots;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rules a robots.txt gives every crawler (the {@code User-agent: *} groups), matched as RFC
 * 9309 says: the longest matching path wins, {@code Allow} wins a tie, {@code *} matches any run
 * of characters and a final {@code $} the end, and paths are compared percent-encoded. Read from
 * the text a site actually serves, leniently: lines it does not know are passed over, as
 * crawlers pass them over. A sitemap that lists a URL these rules disallow is reported by search
 * consoles as an error, so the renderer leaves such URLs out.
 */
public final class RobotsRules {
    /** No rules: everything is allowed. */
    public static final RobotsRules NONE = new RobotsRules(List.of());

    private final List<Rule> rules;

    private RobotsRules(List<Rule> rules) {
        this.rules = rules;
    }

    /** One {@code Allow} or {@code Disallow} path, normalized for comparison. */
    private record Rule(boolean allow, String pattern) {}

    /**
     * The rules of the groups that name {@code *}, from a robots.txt's text.
     *
     * @param text a robots.txt as served, read leniently as crawlers read it
     * @return the rules, {@link #NONE} when no group for every crawler has any
     */
    public static RobotsRules parse(String text) {
        List<Rule> rules = new ArrayList<>();
        boolean inGroupForAll = false;
        boolean groupHasRules = false;
        boolean readingAgents = false;
        for (String raw : text.split("\r\n|\r|\n")) {
            int hash = raw.indexOf('#');
            String line = (hash < 0 ? raw : raw.substring(0, hash)).strip();
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String field = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            switch (field) {
                case "user-agent":
                    if (!readingAgents || groupHasRules) {
                        inGroupForAll = false; // a new group starts
                        groupHasRules = false;
                    }
                    readingAgents = true;
                    inGroupForAll |= value.equals("*");
                    break;
                case "allow":
                case "disallow":
                    readingAgents = false;
                    groupHasRules = true;
                    if (inGroupForAll && !value.isEmpty()) {
                        rules.add(new Rule(field.equals("allow"), normalize(value)));
                    }
                    break;
                default:
                    break; // Sitemap, Crawl-delay, Host and the rest do not group or match
            }
        }
        return rules.isEmpty() ? NONE : new RobotsRules(List.copyOf(rules));
    }

    /**
     * Rules that disallow each of {@code patterns}, matched as robots.txt matches a {@code Disallow}
     * path: the {@code exclude} setting, made into a matcher once, without writing it out as text.
     *
     * @param patterns path patterns, {@code *} any run of characters and a final {@code $} the end
     * @return the rules, {@link #NONE} when there is no pattern
     */
    public static RobotsRules disallowing(List<String> patterns) {
        List<Rule> rules = new ArrayList<>();
        for (String p : patterns) {
            if (!p.isBlank()) {
                rules.add(new Rule(false, normalize(p.strip())));
            }
        }
        return rules.isEmpty() ? NONE : new RobotsRules(List.copyOf(rules));
    }

    /**
     * Whether there is nothing to check, so a writer can skip the path work per URL.
     *
     * @return true when every path is allowed
     */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /**
     * Whether every crawler may fetch {@code pathAndQuery} ({@code /a/b?c}, as in the URL).
     *
     * @param pathAndQuery the URL's path and query, as they appear in the loc
     * @return false when the longest matching rule disallows it
     */
    public boolean allows(String pathAndQuery) {
        if (rules.isEmpty()) {
            return true;
        }
        String path = normalize(pathAndQuery);
        int best = -1;
        boolean allowed = true;
        for (Rule r : rules) {
            int length = r.pattern.length();
            if (length >= best && matches(r.pattern, path)) {
                if (length > best || r.allow) {
                    allowed = r.allow;
                }
                best = length;
            }
        }
        return allowed;
    }

    /**
     * Equal when they hold the same rules in the same order, each path normalized, so that a site
     * can tell whether a robots.txt it serves anew changed what the sitemap must leave out.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof RobotsRules && ((RobotsRules) o).rules.equals(rules);
    }

    @Override
    public int hashCode() {
        return rules.hashCode();
    }

    /** Glob match from the start: {@code *} is any run, a final {@code $} anchors the end. */
    static boolean matches(String pattern, String path) {
        boolean anchored = pattern.endsWith("$");
        String p = anchored ? pattern.substring(0, pattern.length() - 1) : pattern;
        return match(p, 0, path, 0, anchored);
    }

    private static boolean match(String p, int i, String s, int j, boolean anchored) {
        while (i < p.length()) {
            char c = p.charAt(i);
            if (c == '*') {
                while (i < p.length() && p.charAt(i) == '*') {
                    i++;
                }
                if (i == p.length()) {
                    return true;
                }
                for (int k = j; k <= s.length(); k++) {
                    if (match(p, i, s, k, anchored)) {
                        return true;
                    }
                }
                return false;
            }
            if (j >= s.length() || s.charAt(j) != c) {
                return false;
            }
            i++;
            j++;
        }
        return !anchored || j == s.length();
    }

    /**
     * Percent-encodes what is not printable ASCII (as UTF-8), writes escapes in upper case and
     * decodes those of unreserved characters, so equal paths compare equal however written.
     */
    static String normalize(String s) {
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%'
                    && i + 2 < s.length()
                    && Character.digit(s.charAt(i + 1), 16) >= 0
                    && Character.digit(s.charAt(i + 2), 16) >= 0) {
                int b = Character.digit(s.charAt(i + 1), 16) << 4 | Character.digit(s.charAt(i + 2), 16);
                if (Character.isLetterOrDigit(b) && b < 0x80 || b == '-' || b == '.' || b == '_' || b == '~') {
                    out.append((char) b);
                } else {
                    out.append('%')
                            .append(Character.toUpperCase(s.charAt(i + 1)))
                            .append(Character.toUpperCase(s.charAt(i + 2)));
                }
                i += 2;
            } else if (c > 0x20 && c < 0x7f) {
                out.append(c);
            } else {
                int end = Character.isHighSurrogate(c) && i + 1 < s.length() ? i + 2 : i + 1;
                for (byte b : s.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
                    out.append('%')
                            .append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
                            .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
                }
                i = end - 1;
            }
        }
        return out.toString();
    }
}
