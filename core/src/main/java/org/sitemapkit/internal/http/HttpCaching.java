package org.sitemapkit.internal.http;

import java.time.LocalDateTime;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Locale;

/** Conditional requests and content negotiation, as RFC 9110 defines them. */
public final class HttpCaching {
    private HttpCaching() {}

    /**
     * True when the client's copy is current: If-None-Match (weak comparison, as for GET) wins
     * over If-Modified-Since, which is only consulted without it.
     */
    public static boolean notModified(Exchange request, String etag, long lastModifiedMillis) {
        String inm = request.header("If-None-Match");
        if (inm != null) {
            return matches(inm, etag);
        }
        if (lastModifiedMillis < 0) {
            return false;
        }
        long since = httpDate(request.header("If-Modified-Since"));
        // a date later than now is invalid (RFC 9110 §13.1.3) and ignored: it would make anything a 304
        if (since > System.currentTimeMillis() + 60_000) {
            return false;
        }
        return since >= 0 && lastModifiedMillis / 1000 * 1000 <= since;
    }

    /**
     * The three date formats, built on the first If-Modified-Since: formatters with month names load
     * locale data, which a restarted application's first answer would otherwise wait for.
     */
    private static final class Formats {
        /** IMF-fixdate after its day name: {@code 06 Nov 1994 08:49:37 GMT}. */
        static final DateTimeFormatter IMF = DateTimeFormatter.ofPattern("d MMM uuuu HH:mm:ss 'GMT'", Locale.US)
                .withResolverStyle(ResolverStyle.STRICT);
        /** RFC 850 after its day name: {@code 06-Nov-94 08:49:37 GMT}; the year is read below. */
        static final DateTimeFormatter RFC_850 = DateTimeFormatter.ofPattern("d-MMM-uu HH:mm:ss 'GMT'", Locale.US)
                .withResolverStyle(ResolverStyle.STRICT);
        /** asctime after its day name, spaces collapsed: {@code Nov 6 08:49:37 1994}. */
        static final DateTimeFormatter ASCTIME =
                DateTimeFormatter.ofPattern("MMM d HH:mm:ss uuuu", Locale.US).withResolverStyle(ResolverStyle.STRICT);
    }

    /**
     * An HTTP date in milliseconds, in any of the three formats RFC 9110 §5.6.7 says a recipient
     * must accept (IMF-fixdate, RFC 850, asctime), as servlet containers read them: the day name is
     * not checked. -1 when absent, unparseable or before 1970, which RFC 9110 says to ignore.
     */
    public static long httpDate(String value) {
        if (value == null || value.length() > 64) {
            return -1;
        }
        String v = value.trim().replaceAll(" +", " ");
        int comma = v.indexOf(',');
        try {
            LocalDateTime time;
            if (comma > 0) {
                String rest = v.substring(comma + 1).trim();
                if (rest.indexOf('-') > 0) {
                    time = LocalDateTime.parse(rest, Formats.RFC_850);
                    // a two-digit year more than 50 years ahead is in the past (RFC 9110 §5.6.7)
                    if (time.getYear() > Year.now(ZoneOffset.UTC).getValue() + 50) {
                        time = time.minusYears(100);
                    }
                } else {
                    time = LocalDateTime.parse(rest, Formats.IMF);
                }
            } else {
                int space = v.indexOf(' ');
                if (space < 0) {
                    return -1;
                }
                time = LocalDateTime.parse(v.substring(space + 1), Formats.ASCTIME);
            }
            long millis = time.toInstant(ZoneOffset.UTC).toEpochMilli();
            // "Tue, 3 Jun 08 ..." is the year 8 to this parser (the fuzzer's find): a date before 1970
            // is older than anything served, and is ignored as the garbage it is
            return millis < 0 ? -1 : millis;
        } catch (DateTimeParseException | ArithmeticException e) {
            return -1;
        }
    }

    /** Whether an If-None-Match value names {@code etag} (weakly) or is {@code *}. */
    public static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch.equals(etag) && etag.startsWith("\"") && etag.endsWith("\"") && etag.indexOf(',') < 0) {
            return true; // the client sent back the one ETag it was given, as nearly every client does
        }
        String mine = opaque(etag);
        for (String tag : ifNoneMatch.split(",")) {
            String t = tag.trim();
            if (t.equals("*") || opaque(t).equals(mine)) {
                return true;
            }
        }
        return false;
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    /**
     * Whether gzip is acceptable: an explicit {@code gzip} or {@code x-gzip} entry decides by its
     * quality ({@code q=0} excludes it, whatever {@code *} says); else {@code *} does (RFC 9110
     * §12.5.3).
     */
    public static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        Negotiated last = lastNegotiated;
        if (last != null && last.acceptEncoding().equals(acceptEncoding)) {
            return last.gzip();
        }
        boolean gzip = negotiate(acceptEncoding);
        lastNegotiated = new Negotiated(acceptEncoding, gzip);
        return gzip;
    }

    /**
     * The last Accept-Encoding read and what it said: a crawler sends the same value with every
     * request. Written and read without locks: a record's fields are final, and a lost write only costs a
     * parse.
     */
    private static Negotiated lastNegotiated;

    private record Negotiated(String acceptEncoding, boolean gzip) {}

    private static boolean negotiate(String acceptEncoding) {
        Boolean explicit = null;
        Boolean any = null;
        for (String part : acceptEncoding.split(",")) {
            String[] p = part.trim().split(";");
            if (p.length == 0) {
                continue; // ";" alone: an element with no coding (split drops its empty strings)
            }
            String coding = p[0].trim().toLowerCase(Locale.ROOT);
            boolean named = coding.equals("gzip") || coding.equals("x-gzip");
            if (!named && !coding.equals("*")) {
                continue;
            }
            boolean acceptable = quality(p) > 0;
            if (named) {
                explicit = explicit == null ? acceptable : explicit || acceptable;
            } else {
                any = acceptable;
            }
        }
        return explicit != null ? explicit : any != null && any;
    }

    private static double quality(String[] params) {
        for (int i = 1; i < params.length; i++) {
            String param = params[i].trim().toLowerCase(Locale.ROOT);
            if (param.startsWith("q=")) {
                try {
                    double q = Double.parseDouble(param.substring(2));
                    return Double.isNaN(q) ? 0 : q;
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }
}
