package org.sitemapkit.model;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
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
