package org.sitemapkit.internal.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.sitemapkit.internal.robots.RobotsRule;
import org.sitemapkit.model.Site;

/**
 * The values a setting takes: how its text is parsed, which values it refuses, how a value is
 * printed, and the Java type tools are told of (Spring's configuration metadata). A refusal is an
 * IllegalArgumentException saying why, without the key, which the caller adds.
 *
 * <p>The kinds are cases of a switch, not a class or lambda each: the table is made before a
 * restarted application's first answer, and each class or lambda it loads adds to that wait.
 *
 * @param <T> the values
 */
final class Type<T> {
    private enum Kind {
        TEXT,
        INT,
        BOOL,
        DURATION,
        SITE,
        WORDS,
        LIST,
        HOSTS,
        SITEMAPS,
        PATH_PATTERNS,
        HTTP_URL
    }

    private static final String STRING = "java.lang.String";
    private static final String STRINGS = "java.util.List<java.lang.String>";

    /** Text as written, trimmed. */
    static final Type<String> TEXT = new Type<>(Kind.TEXT, STRING);
    /** A whole number; {@code _} may group digits ({@code 10_000}). */
    static final Type<Integer> INT = new Type<>(Kind.INT, "java.lang.Integer");
    /** {@code true} or {@code false}, in any case. */
    static final Type<Boolean> BOOL = new Type<>(Kind.BOOL, "java.lang.Boolean");
    /** {@code 90} (seconds), {@code 90s}, {@code 15m}, {@code 2h}, {@code 1d} or ISO-8601 {@code PT15M}. */
    static final Type<Duration> DURATION = new Type<>(Kind.DURATION, "java.time.Duration");
    /** A base URL, as {@link Site#of(String)} reads it. */
    static final Type<Site> SITE = new Type<>(Kind.SITE, STRING);
    /** Comma-separated items, each trimmed, blanks dropped. */
    static final Type<List<String>> LIST = new Type<>(Kind.LIST, STRINGS);
    /** {@code host} or {@code host:port} items, kept in lower case. */
    static final Type<List<String>> HOSTS = new Type<>(Kind.HOSTS, STRINGS);
    /** Sitemaps to list: absolute http(s) URLs or paths from the host root, each once. */
    static final Type<List<String>> SITEMAPS = new Type<>(Kind.SITEMAPS, STRINGS);
    /** Path patterns as robots.txt writes them, kept percent-encoded as robots.txt paths are. */
    static final Type<List<String>> PATH_PATTERNS = new Type<>(Kind.PATH_PATTERNS, STRINGS);
    /** An absolute http(s) URL without user information or fragment. */
    static final Type<URI> HTTP_URL = new Type<>(Kind.HTTP_URL, STRING);

    private final Kind kind;
    private final String javaName;
    /** {@link Kind#WORDS}: the enum's constants. */
    private final Enum<?>[] constants;
    /** The least and most taken, of T; null for no bound. */
    private final Comparable<?> min;

    private final Comparable<?> max;
    /** What {@link #regex}, {@link #maxLength} or the bounds ask for, in words. */
    private final String rule;
    /** Text: the whole value matches it; compiled when a value is checked, since most settings are never set. */
    private final String regex;
    /** Text: not blank, and at most this many characters; 0 for no such rule. */
    private final int maxLength;

    private Type(Kind kind, String javaName) {
        this(kind, javaName, null, null, null, null, null, 0);
    }

    private Type(
            Kind kind,
            String javaName,
            Enum<?>[] constants,
            Comparable<?> min,
            Comparable<?> max,
            String rule,
            String regex,
            int maxLength) {
        this.kind = kind;
        this.javaName = javaName;
        this.constants = constants;
        this.min = min;
        this.max = max;
        this.rule = rule;
        this.regex = regex;
        this.maxLength = maxLength;
    }

    /**
     * One of an enum's constants, written as a word: {@code ADD_SITEMAP} is {@code add-sitemap}.
     *
     * @param constants the enum's {@code values()}
     */
    static <E extends Enum<E>> Type<E> words(E[] constants) {
        return new Type<>(Kind.WORDS, STRING, constants.clone(), null, null, null, null, 0);
    }

    /**
     * These values from {@code min} to {@code max}, refused with {@code must be <min> to <max>}.
     *
     * @param min the least taken
     * @param max the most taken
     */
    Type<T> between(T min, T max) {
        return between(min, max, print(min) + " to " + print(max));
    }

    /**
     * These values from {@code min} to {@code max}.
     *
     * @param min the least taken, or null for no bound
     * @param max the most taken, or null for no bound
     * @param range the range in words, for the refusal: {@code must be <range>}
     */
    Type<T> between(T min, T max, String range) {
        return new Type<>(
                kind, javaName, constants, (Comparable<?>) min, (Comparable<?>) max, "must be " + range, null, 0);
    }

    /**
     * This text where it matches {@code regex} whole.
     *
     * @param regex the expression
     * @param rule the refusal, such as {@code must be ...}
     */
    Type<T> matching(String regex, String rule) {
        return new Type<>(kind, javaName, constants, null, null, rule, regex, 0);
    }

    /**
     * This text where it is not blank and at most {@code maxLength} characters.
     *
     * @param maxLength the most characters taken
     * @param rule the refusal, such as {@code must be ...}
     */
    Type<T> notBlank(int maxLength, String rule) {
        return new Type<>(kind, javaName, constants, null, null, rule, null, maxLength);
    }

    /** The Java type tools show, such as {@code java.lang.Integer}; words are strings. */
    String javaName() {
        return javaName;
    }

    /** The words a setting of this type takes, when it takes only some; else empty. */
    List<String> words() {
        if (constants == null) {
            return List.of();
        }
        List<String> words = new ArrayList<>();
        for (Enum<?> c : constants) {
            words.add(word(c));
        }
        return List.copyOf(words);
    }

    /**
     * The value {@code text} writes, checked.
     *
     * @throws IllegalArgumentException saying why, when it writes none or one refused
     */
    @SuppressWarnings("unchecked") // each constant's kind makes its own T
    T parse(String text) {
        String t = text.trim();
        Object value = switch (kind) {
            case TEXT -> t;
            case INT -> integer(t);
            case BOOL -> bool(t);
            case DURATION -> duration(t);
            case SITE -> Site.of(t);
            case WORDS -> constant(t);
            case LIST, HOSTS, SITEMAPS, PATH_PATTERNS -> list(text);
            case HTTP_URL -> uri(t);
        };
        return check((T) value);
    }

    /**
     * The value to keep for {@code value}: itself, or as settings keep it (hosts in lower case).
     *
     * @throws IllegalArgumentException saying why, when the value is refused
     */
    @SuppressWarnings("unchecked") // a list kind's T is List<String>
    T check(T value) {
        if ((min != null || max != null) && !within(value)) {
            throw new IllegalArgumentException(rule);
        }
        if (regex != null && !((String) value).matches(regex)) {
            throw new IllegalArgumentException(rule);
        }
        if (maxLength > 0 && (((String) value).isBlank() || ((String) value).length() > maxLength)) {
            throw new IllegalArgumentException(rule);
        }
        return switch (kind) {
            case LIST -> (T) List.copyOf((List<String>) value);
            case HOSTS -> (T) hosts((List<String>) value);
            case SITEMAPS -> (T) sitemaps((List<String>) value);
            case PATH_PATTERNS -> (T) pathPatterns((List<String>) value);
            case HTTP_URL -> (T) httpUrl((URI) value);
            default -> value;
        };
    }

    /** The value as a setting writes it. */
    String print(T value) {
        return kind == Kind.WORDS ? word((Enum<?>) value) : value.toString();
    }

    /** An enum's constant as a setting writes it: {@code ADD_SITEMAP} is {@code add-sitemap}. */
    static String word(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @SuppressWarnings("unchecked") // min and max are T, and T is comparable where they are set
    private boolean within(T value) {
        Comparable<Object> v = (Comparable<Object>) value;
        return (min == null || v.compareTo(min) >= 0) && (max == null || v.compareTo(max) <= 0);
    }

    private Enum<?> constant(String text) {
        String w = text.toLowerCase(Locale.ROOT);
        for (Enum<?> c : constants) {
            if (word(c).equals(w)) {
                return c;
            }
        }
        List<String> words = words();
        throw new IllegalArgumentException("must be " + String.join(", ", words.subList(0, words.size() - 1)) + " or "
                + words.get(words.size() - 1));
    }

    private static List<String> list(String text) {
        return Arrays.stream(text.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static int integer(String text) {
        try {
            return Integer.parseInt(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number");
        }
    }

    private static boolean bool(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("must be true or false");
        };
    }

    private static Duration duration(String text) {
        try {
            if (text.startsWith("P") || text.startsWith("p")) {
                return Duration.parse(text);
            }
            if (text.isEmpty()) {
                throw new IllegalArgumentException("empty");
            }
            char unit = text.charAt(text.length() - 1);
            String digits = Character.isDigit(unit) ? text : text.substring(0, text.length() - 1);
            long n = Long.parseLong(digits);
            return switch (Character.isDigit(unit) ? 's' : unit) {
                case 's' -> Duration.ofSeconds(n);
                case 'm' -> Duration.ofMinutes(n);
                case 'h' -> Duration.ofHours(n);
                case 'd' -> Duration.ofDays(n);
                default -> throw new IllegalArgumentException("unknown unit");
            };
        } catch (DateTimeParseException | ArithmeticException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not a duration such as 90s, 15m, 2h, 1d or PT15M");
        }
    }

    private static URI uri(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not an absolute http or https URL: " + e.getReason());
        }
    }

    private static URI httpUrl(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https"))
                || uri.isOpaque()
                || uri.getHost() == null
                || uri.getRawUserInfo() != null
                || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("must be an absolute http or https URL without user information or"
                    + " fragment, such as " + SettingsTable.DEFAULT_INDEXNOW_ENDPOINT);
        }
        return uri;
    }

    private static List<String> hosts(List<String> hosts) {
        Pattern hostPort = Pattern.compile("([a-z0-9.-]+|\\[[0-9a-f:.]+\\])(:[0-9]{1,5})?");
        List<String> list = new ArrayList<>();
        for (String h : hosts) {
            String host = h.trim().toLowerCase(Locale.ROOT);
            if (!hostPort.matcher(host).matches()) {
                throw new IllegalArgumentException("not a host or host:port: \"" + h + "\"");
            }
            list.add(host);
        }
        return List.copyOf(list);
    }

    private static List<String> sitemaps(List<String> locs) {
        List<String> list = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String loc : locs) {
            String l = loc.trim();
            boolean ok;
            if (l.startsWith("/")) {
                ok = !l.startsWith("//") && l.chars().allMatch(c -> c > ' ' && c < 127);
            } else {
                try {
                    Site.of(l);
                    ok = true;
                } catch (IllegalArgumentException e) {
                    ok = false;
                }
            }
            if (!ok || l.contains("?") && !l.contains("://")) {
                throw new IllegalArgumentException(
                        "not an absolute http(s) URL or a path from the host root: \"" + loc + "\"");
            }
            if (!seen.add(l)) {
                throw new IllegalArgumentException("listed twice: \"" + loc + "\"");
            }
            list.add(l);
        }
        return List.copyOf(list);
    }

    private static List<String> pathPatterns(List<String> patterns) {
        List<String> list = new ArrayList<>();
        for (String p : patterns) {
            String pattern = p.trim();
            try {
                if (!pattern.startsWith("/") && !pattern.startsWith("*")) {
                    throw new IllegalArgumentException("must start with / or *");
                }
                list.add(RobotsRule.disallow(pattern.startsWith("*") ? "/" + pattern : pattern)
                        .path());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("not a path pattern such as /private/ or /*.pdf$: \"" + p + "\"", e);
            }
        }
        return List.copyOf(list);
    }
}
