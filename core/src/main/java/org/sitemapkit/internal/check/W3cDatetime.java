package org.sitemapkit.internal.check;

import java.nio.charset.StandardCharsets;

/**
 * W3C Datetime text of a second and an offset, written straight into bytes: with a lastmod per row
 * this is a render's hottest formatting, so the encoder writes it with no String in between. For
 * SitemapKit's modules, not an API.
 */
public final class W3cDatetime {
    /** The offset that stands for a date without a time ({@code yyyy-MM-dd}, its first second in UTC). */
    public static final int DATE_ONLY = Integer.MIN_VALUE;
    /** The longest text: {@code yyyy-MM-ddTHH:mm:ss+hh:mm}. */
    public static final int MAX_LENGTH = 25;

    private W3cDatetime() {}

    /**
     * Writes {@code yyyy-MM-dd}, or {@code yyyy-MM-ddTHH:mm:ss} and {@code Z} or the offset.
     *
     * @param epochSecond in years 1 to 9999 once the offset is added
     * @param offset seconds east of UTC, whole minutes, or {@link #DATE_ONLY}
     * @return where the text ends in {@code b}
     */
    public static int write(long epochSecond, int offset, byte[] b, int at) {
        long local = offset == DATE_ONLY ? epochSecond : epochSecond + offset;
        long days = Math.floorDiv(local, 86_400L);
        int t = (int) (local - days * 86_400L);
        // the civil date by Hinnant's days-to-date algorithm, with no LocalDate
        long z = days + 719_468; // days from 0000-03-01
        long era = Math.floorDiv(z, 146_097);
        int doe = (int) (z - era * 146_097);
        int yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        int mp = (5 * doy + 2) / 153;
        int day = doy - (153 * mp + 2) / 5 + 1;
        int month = mp < 10 ? mp + 3 : mp - 9;
        int year = (int) (yoe + era * 400) + (month <= 2 ? 1 : 0);
        two(b, at, year / 100);
        two(b, at + 2, year % 100);
        b[at + 4] = '-';
        two(b, at + 5, month);
        b[at + 7] = '-';
        two(b, at + 8, day);
        if (offset == DATE_ONLY) {
            return at + 10;
        }
        b[at + 10] = 'T';
        two(b, at + 11, t / 3600);
        b[at + 13] = ':';
        two(b, at + 14, t / 60 % 60);
        b[at + 16] = ':';
        two(b, at + 17, t % 60);
        if (offset == 0) {
            b[at + 19] = 'Z';
            return at + 20;
        }
        b[at + 19] = (byte) (offset < 0 ? '-' : '+');
        int minutes = Math.abs(offset) / 60;
        two(b, at + 20, minutes / 60);
        b[at + 22] = ':';
        two(b, at + 23, minutes % 60);
        return at + 25;
    }

    /** The same text as a String. */
    public static String text(long epochSecond, int offset) {
        byte[] b = new byte[MAX_LENGTH];
        return new String(b, 0, write(epochSecond, offset, b, 0), StandardCharsets.ISO_8859_1);
    }

    private static void two(byte[] b, int at, int value) {
        b[at] = (byte) ('0' + value / 10);
        b[at + 1] = (byte) ('0' + value % 10);
    }

    /**
     * How the encoder reads a lastmod's second and offset without an {@code Instant} or a String
     * per row.
     *
     * @param <L> the value's type, {@code Lastmod}
     */
    public abstract static class Access<L> extends Accessor<L> {
        /** For the value's class alone, once. */
        protected Access(Class<L> type) {
            super(type);
        }

        /** The accessor {@code type}'s class installed. */
        @SuppressWarnings("unchecked") // installed by L's class for L, which get checks
        public static <L> Access<L> get(Class<L> type) {
            return Accessor.get(type, Access.class);
        }

        /** The value's second; a date's first second in UTC. */
        public abstract long epochSecond(L value);

        /** Seconds east of UTC, or {@link #DATE_ONLY}. */
        public abstract int offset(L value);
    }
}
