package org.sitemapkit.model;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import org.sitemapkit.internal.check.Checks;
import org.sitemapkit.internal.check.W3cDatetime;

/**
 * A W3C Datetime as sitemaps accept it: a date, or a date and time to the second with an
 * offset. Fractions of a second are dropped so that every writer agrees on the text; a local
 * time without an offset cannot be expressed, because the protocol would read it as ambiguous.
 */
public final class Lastmod implements Comparable<Lastmod> {
    /** XSD {@code dateTime} allows offsets up to ±14:00; {@code OffsetDateTime} up to ±18:00. */
    private static final int MAX_OFFSET_SECONDS = 14 * 3600;

    /** The last UTC lastmod made from an Instant: immutable, so sharing it across threads is safe. */
    private static volatile Lastmod lastUtc;

    static {
        W3cDatetime.Access.install(new Access());
    }

    private final long epochSecond;
    /** Seconds east of UTC, whole minutes, or {@link W3cDatetime#DATE_ONLY}. */
    private final int offset;
    /**
     * The text, made when first asked: the encoder writes a lastmod's bytes without it. Racy but
     * safe, as String's own hash is: every thread that makes it makes the same immutable value.
     */
    private String text;

    private Lastmod(long epochSecond, int offset) {
        this.epochSecond = epochSecond;
        this.offset = offset;
    }

    /**
     * An instant, written in UTC with a {@code Z}.
     *
     * @param instant in years 1 to 9999
     * @return the lastmod, to the second
     */
    public static Lastmod of(Instant instant) {
        Checks.checkNotNull(instant, "lastmod");
        long second = instant.getEpochSecond();
        Lastmod last = lastUtc;
        if (last != null && last.epochSecond == second) {
            return last; // rows often share a timestamp; formatting it again would be most of the cost
        }
        Checks.checkArgument(
                second >= FIRST_SECOND && second < END_SECOND, "lastmod year must be 1 to 9999: %s", instant);
        Lastmod made = new Lastmod(second, 0);
        lastUtc = made;
        return made;
    }

    /**
     * A date and time that keeps its own offset.
     *
     * @param dateTime in years 1 to 9999; an offset with seconds or past ±14:00 is written in UTC
     * @return the lastmod, to the second
     */
    public static Lastmod of(OffsetDateTime dateTime) {
        Checks.checkNotNull(dateTime, "lastmod");
        OffsetDateTime t = dateTime.truncatedTo(ChronoUnit.SECONDS);
        int offset = t.getOffset().getTotalSeconds();
        if (offset % 60 != 0 || Math.abs(offset) > MAX_OFFSET_SECONDS) {
            // W3C offsets have no seconds, and XSD dateTime allows at most ±14:00: the same instant in UTC
            t = t.withOffsetSameInstant(ZoneOffset.UTC);
        }
        int year = t.getYear();
        Checks.checkArgument(year >= 1 && year <= 9999, "lastmod year must be 1 to 9999: %s", dateTime);
        return new Lastmod(t.toEpochSecond(), t.getOffset().getTotalSeconds());
    }

    /**
     * A date and time written with the offset its zone has at that moment; the zone's name is lost,
     * as W3C Datetime has no place for it.
     *
     * @param dateTime in years 1 to 9999
     * @return the lastmod, to the second
     */
    public static Lastmod of(ZonedDateTime dateTime) {
        Checks.checkNotNull(dateTime, "lastmod");
        return of(dateTime.toOffsetDateTime());
    }

    /**
     * A whole day, written date-only; ordered as the start of that day in UTC.
     *
     * @param date in years 1 to 9999
     * @return the lastmod
     */
    public static Lastmod of(LocalDate date) {
        Checks.checkNotNull(date, "lastmod");
        Checks.checkArgument(date.getYear() >= 1 && date.getYear() <= 9999, "lastmod year must be 1 to 9999: %s", date);
        return new Lastmod(date.toEpochDay() * 86_400L, W3cDatetime.DATE_ONLY);
    }

    /**
     * Any of the kinds of time above, for callers holding a column's value: an {@link Instant},
     * {@link OffsetDateTime}, {@link ZonedDateTime} or {@link LocalDate}.
     *
     * @param time the time
     * @return the lastmod
     * @throws IllegalArgumentException for a time without a date or an offset, such as a {@code LocalDateTime}
     */
    public static Lastmod of(Temporal time) {
        Checks.checkNotNull(time, "lastmod");
        if (time instanceof Instant i) {
            return of(i);
        }
        if (time instanceof OffsetDateTime o) {
            return of(o);
        }
        if (time instanceof ZonedDateTime z) {
            return of(z);
        }
        if (time instanceof LocalDate d) {
            return of(d);
        }
        throw new IllegalArgumentException("lastmod must be an Instant, OffsetDateTime, ZonedDateTime or LocalDate,"
                + " which say when in the world the page changed: "
                + time.getClass().getSimpleName());
    }

    /**
     * Reads a W3C Datetime ({@code 2026-11-22}, {@code 2026-11-22T10:15Z},
     * {@code 2026-11-22T10:15:30.5+01:00}), refusing a time without an offset.
     *
     * @param text the value; surrounding blanks are ignored
     * @return the lastmod, to the second
     * @throws IllegalArgumentException if the text is no such value
     */
    public static Lastmod parse(String text) {
        Checks.checkNotNull(text, "lastmod");
        String s = text.trim();
        Lastmod canonical = canonical(s);
        if (canonical != null) {
            return canonical;
        }
        try {
            if (s.length() == 10) {
                return of(LocalDate.parse(s));
            }
            return of(OffsetDateTime.parse(s));
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(
                    "lastmod must be a W3C Datetime with an offset or a date: \"" + text + "\"", e);
        }
    }

    /**
     * The forms SitemapKit writes ({@code 2025-07-16}, {@code 2025-07-16T17:21:03Z}, with {@code
     * +02:00}), read without java.time's parser, which costs microseconds each: an index of 10,000
     * pages reads back 10,000 lastmods its store keeps as text. Null for anything else, or out of
     * range, which the general parser then decides.
     */
    private static Lastmod canonical(String s) {
        int n = s.length();
        if (n != 10 && n != 20 && n != 25 || s.charAt(4) != '-' || s.charAt(7) != '-') {
            return null;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        if (year < 1
                || month < 1
                || month > 12
                || day < 1
                || day > Month.of(month).length(Year.isLeap(year))) {
            return null;
        }
        long epochDay = LocalDate.of(year, month, day).toEpochDay();
        if (n == 10) {
            return new Lastmod(epochDay * 86_400L, W3cDatetime.DATE_ONLY);
        }
        if (s.charAt(10) != 'T' || s.charAt(13) != ':' || s.charAt(16) != ':') {
            return null;
        }
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int second = digits(s, 17, 2);
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return null;
        }
        int offset = 0;
        if (n == 20) {
            if (s.charAt(19) != 'Z') {
                return null;
            }
        } else {
            char sign = s.charAt(19);
            int hours = digits(s, 20, 2);
            int minutes = digits(s, 23, 2);
            if (sign != '+' && sign != '-' || s.charAt(22) != ':' || hours < 0 || minutes < 0 || minutes > 59) {
                return null;
            }
            offset = (sign == '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
            if (Math.abs(offset) > MAX_OFFSET_SECONDS) {
                return null; // written in UTC: the general path does that
            }
        }
        return new Lastmod(epochDay * 86_400L + hour * 3600 + minute * 60 + second - offset, offset);
    }

    /** The number of {@code count} ASCII digits at {@code from}, or -1 when one is not a digit. */
    private static int digits(String s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /**
     * The moment used to find the newest lastmod of a page.
     *
     * @return the instant, to the second; a date-only value is its first second in UTC
     */
    public Instant instant() {
        return Instant.ofEpochSecond(epochSecond);
    }

    /**
     * True when this is the newer of the two, with dates counting as their first second in UTC.
     *
     * @param other the lastmod to compare with
     * @return whether this one is strictly later
     */
    public boolean isAfter(Lastmod other) {
        return epochSecond > other.epochSecond;
    }

    @Override
    public int compareTo(Lastmod other) {
        int c = Long.compare(epochSecond, other.epochSecond);
        return c != 0 || offset == other.offset ? c : toString().compareTo(other.toString());
    }

    /** Equal when the texts are: the same second with the same offset, or the same date. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Lastmod && ((Lastmod) o).epochSecond == epochSecond && ((Lastmod) o).offset == offset;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(epochSecond) * 31 + offset;
    }

    /** The W3C Datetime text written into {@code <lastmod>}. */
    @Override
    public String toString() {
        String t = text;
        if (t == null) {
            t = W3cDatetime.text(epochSecond, offset);
            text = t;
        }
        return t;
    }

    /** Lets the encoder write the text's bytes with no String per row; see {@link W3cDatetime.Access}. */
    private static final class Access extends W3cDatetime.Access<Lastmod> {
        Access() {
            super(Lastmod.class);
        }

        @Override
        public long epochSecond(Lastmod value) {
            return value.epochSecond;
        }

        @Override
        public int offset(Lastmod value) {
            return value.offset;
        }
    }

    /** The first second of year 1 and of year 10000, UTC. */
    private static final long FIRST_SECOND = LocalDate.of(1, 1, 1).toEpochDay() * 86_400L;

    private static final long END_SECOND = LocalDate.of(10_000, 1, 1).toEpochDay() * 86_400L;
}
