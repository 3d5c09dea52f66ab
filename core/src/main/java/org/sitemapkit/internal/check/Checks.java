package org.sitemapkit.internal.check;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.IDN;
import java.util.Locale;

/** The checks of the model's values, shared with the engine; in core, so that no utility jar is needed. */
public final class Checks {
    private Checks() {}

    private static final String[] TENTHS = new String[51];
    private static final int MAX_DECIMALS = 4;

    static {
        for (int i = 0; i < TENTHS.length; i++) {
            TENTHS[i] = (i / 10) + "." + (i % 10);
        }
    }

    /**
     * The message names the refused value; its control characters are escaped, since it comes from
     * data and ends up in logs.
     */
    public static void checkArgument(boolean ok, String format, Object... args) {
        if (!ok) {
            Object[] safe = args.clone();
            for (int i = 0; i < safe.length; i++) {
                if (safe[i] instanceof CharSequence) {
                    safe[i] = escapeControls(safe[i].toString());
                }
            }
            throw new IllegalArgumentException(String.format(format, safe));
        }
    }

    private static String escapeControls(String s) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029';
            if (control && out == null) {
                out = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (out != null) {
                out.append(control ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out == null ? s : out.toString();
    }

    public static <T> T checkNotNull(T value, String field) {
        if (value == null) {
            throw new NullPointerException(field + " == null");
        }
        return value;
    }

    /**
     * Absolute http(s) with a host that can be written: anything else can never become a valid
     * {@code loc}. Refused: other schemes, an empty host, user information ({@code user@}), a port
     * that is not 1 to 65535, control characters anywhere, unpaired surrogates, and characters a
     * host cannot hold, a space among them (in a path, a space is fine: it is written {@code %20}).
     */
    public static String checkAbsoluteUrl(String url, String field) {
        checkNotNull(url, field);
        int colon = url.startsWith("https://") ? 5 : url.startsWith("http://") ? 4 : -1; // the usual spellings
        if (colon < 0) {
            colon = url.indexOf("://");
            boolean scheme = colon == 4 && url.regionMatches(true, 0, "http", 0, 4)
                    || colon == 5 && url.regionMatches(true, 0, "https", 0, 5);
            colon = scheme ? colon : -1;
        }
        boolean ok = colon > 0 && url.length() > colon + 3 && !endsAuthority(url.charAt(colon + 3));
        checkArgument(ok, "%s must be an absolute http or https URL: \"%s\"", field, url);
        int length = url.length();
        for (int i = 0; i < length; i++) {
            char c = url.charAt(i);
            if (c >= 0x20 && c < 0x7f) {
                continue; // printable ASCII, nearly every character of nearly every URL
            }
            boolean bad = c < 0x20
                    || c == 0x7f
                    || (c >= 0x80 && c < 0xa0)
                    || Character.isLowSurrogate(c)
                    || Character.isHighSurrogate(c)
                            && (i + 1 == url.length() || !Character.isLowSurrogate(url.charAt(++i)));
            if (bad) { // checked here, not per character: the message's arguments would be boxed each time
                checkArgument(
                        false, "%s has a character a URL cannot carry (U+%04X at %d): \"%s\"", field, (int) c, i, url);
            }
        }
        String last = lastOrigin;
        if (last != null
                && url.startsWith(last)
                && (length == last.length() || endsAuthority(url.charAt(last.length())))) {
            return url; // the origin of the URL checked before: rows of one query share it
        }
        int start = colon + 3;
        int end = start;
        while (end < length && !endsAuthority(url.charAt(end))) {
            end++;
        }
        String authority = url.substring(start, end);
        checkArgument(authority.indexOf('@') < 0, "%s must not carry user information: \"%s\"", field, url);
        String host = authority;
        String port = null;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            checkArgument(close > 1, "%s has a malformed IPv6 host: \"%s\"", field, url);
            host = authority.substring(0, close + 1);
            String rest = authority.substring(close + 1);
            checkArgument(rest.isEmpty() || rest.startsWith(":"), "%s has a malformed host: \"%s\"", field, url);
            port = rest.isEmpty() ? null : rest.substring(1);
        } else {
            int c = authority.lastIndexOf(':');
            if (c >= 0) {
                host = authority.substring(0, c);
                port = authority.substring(c + 1);
            }
        }
        checkArgument(!host.isEmpty(), "%s has no host: \"%s\"", field, url);
        String ascii = host.toLowerCase(Locale.ROOT);
        if (!ascii.chars().allMatch(c -> c < 0x80)) {
            try {
                ascii = java.net.IDN.toASCII(ascii, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT);
            } catch (IllegalArgumentException e) {
                ascii = "";
            }
        }
        // the same test the page writer applies, so that a built URL is never refused when written
        checkArgument(
                isHost(ascii), "%s has a host that is not a DNS name or IP literal (\"%s\"): \"%s\"", field, host, url);
        if (port != null) {
            boolean digits =
                    !port.isEmpty() && port.length() <= 5 && port.chars().allMatch(ch -> ch >= '0' && ch <= '9');
            checkArgument(
                    digits && Integer.parseInt(port) >= 1 && Integer.parseInt(port) <= 65535,
                    "%s port must be 1 to 65535: \"%s\"",
                    field,
                    url);
        }
        lastOrigin = url.substring(0, end);
        return url;
    }

    private static boolean endsAuthority(char c) {
        return c == '/' || c == '?' || c == '#';
    }

    /** The scheme and authority of the last URL that passed, shared by threads (a String is safe to share). */
    private static volatile String lastOrigin;

    /**
     * Text that XML 1.0 can carry: no control characters but tab, CR and LF, no unpaired
     * surrogates, no U+FFFE/U+FFFF. Escaping cannot repair these, so they are refused early.
     */
    public static String checkXmlText(String text, String field) {
        checkNotNull(text, field);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean ok;
            if (c < 0x20) {
                ok = c == '\t' || c == '\n' || c == '\r';
            } else if (Character.isHighSurrogate(c)) {
                ok = i + 1 < text.length() && Character.isLowSurrogate(text.charAt(++i));
            } else {
                ok = !Character.isLowSurrogate(c) && c != 0xFFFE && c != 0xFFFF;
            }
            checkArgument(ok, "%s has a character XML cannot carry (U+%04X at %d): \"%s\"", field, (int) c, i, text);
        }
        return text;
    }

    /** Plain decimal text with at least one fraction digit, as XSD decimals are usually written. */
    public static String decimal(double value) {
        long tenths = Math.round(value * 10);
        if (tenths >= 0 && tenths < TENTHS.length && tenths / 10.0 == value) {
            return TENTHS[(int) tenths]; // the usual priorities and ratings, without a BigDecimal
        }
        // At most four decimals: 1e-25 would otherwise be written with 25, which validators refuse.
        BigDecimal d = BigDecimal.valueOf(value)
                .setScale(MAX_DECIMALS, RoundingMode.HALF_EVEN)
                .stripTrailingZeros();
        return (d.scale() <= 0 ? d.setScale(1) : d).toPlainString();
    }

    /**
     * A priority as the model keeps it: {@code NaN} (unset) as it is, else 0.0 to 1.0 rounded to the
     * four decimals {@link #decimal} writes, so what is read back is what is written.
     */
    public static double priority(double value, String field) {
        if (Double.isNaN(value)) {
            return value;
        }
        if (!(value >= 0.0 && value <= 1.0)) { // tested first: the arguments would box a double per URL
            checkArgument(false, "%s must be between 0.0 and 1.0: %s", field, value);
        }
        if (Math.round(value * 10) / 10.0 == value) {
            return value; // the usual priorities: decimal() writes them as they are
        }
        return BigDecimal.valueOf(value)
                .setScale(MAX_DECIMALS, RoundingMode.HALF_EVEN)
                .doubleValue();
    }

    public static String checkText(String text, String field, int maxLength) {
        checkXmlText(text, field);
        checkArgument(!text.isBlank(), "%s must not be blank", field);
        checkArgument(
                text.length() <= maxLength, "%s is longer than %d characters (%d)", field, maxLength, text.length());
        return text;
    }

    /** A lower-case ASCII host as the page writer accepts it: DNS labels or an IP literal. */
    public static boolean isHost(String h) {
        if (h.isEmpty()) {
            return false;
        }
        if (h.startsWith("[")) {
            return h.endsWith("]")
                    && h.length() > 2
                    && h.substring(1, h.length() - 1)
                            .chars()
                            .allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0);
        }
        return h.chars().allMatch(c -> (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')
                && !h.startsWith(".")
                && !h.startsWith("-");
    }
}
