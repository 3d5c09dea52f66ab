package org.sitemapkit.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * The floor: the cheapest correct writer of the same bytes, as the measure of what this machine
 * can do. One thread per core (or one), pages dealt out round-robin. Each page's XML is made as
 * UTF-8 bytes in a reused 64 KiB array and handed straight to a level-6 {@link Deflater} (one per
 * thread, reset between pages) with the gzip header, CRC-32 and trailer written by hand: no
 * {@code Writer}, no charset encoder, no stream in between. It gets each loc as every other
 * contender does, unescaped ({@link Workload#loc}), and escapes it itself ({@code & < > " '}) while
 * encoding it; the lastmod is formatted from the epoch second by hand. The index lists each page
 * with the latest lastmod of its URLs. Its pages decompress to exactly SitemapKit's pages and its
 * index is SitemapKit's, byte for byte ({@link GenerationPairs} checks both in every pair); only the
 * deflate differs: one stream per page here, 448 KiB blocks in SitemapKit. It validates nothing.
 */
final class FloorContender implements Contender {
    private final int threads;

    FloorContender(int threads) {
        this.threads = threads;
    }

    @Override
    public String id() {
        return threads == 1 ? "floor-1" : "floor";
    }

    @Override
    public String label() {
        return threads == 1 ? "floor, 1 thread (diagnostic)" : "floor (" + threads + " threads)";
    }

    @Override
    public String description() {
        return threads + " thread" + (threads == 1 ? "" : "s") + ", pages dealt round-robin; each page's XML made "
                + "as UTF-8 bytes in a reused 64 KiB `byte[]` and handed straight to a level-6 `Deflater` (one per "
                + "thread, `reset()` between pages), the gzip header, CRC-32 and trailer written by hand: no `Writer`, "
                + "no charset encoder. The loc comes unescaped from `Workload.loc(i)`, as every contender's does, and "
                + "is XML-escaped and UTF-8-encoded char by char; the lastmod is formatted from its epoch second by "
                + "hand, changefreq and priority come from byte tables; no validation. The plain index lists each page "
                + "with the latest lastmod of its URLs. Its pages decompress to SitemapKit's bytes and its index is "
                + "SitemapKit's (checked in every pair); only the deflate differs, one stream per page.";
    }

    @Override
    public void run(long urls, Target target) throws Exception {
        int pages = Workload.pages(urls);
        long[] latest = new long[pages];
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                futures.add(pool.submit(() -> {
                    Page page = new Page();
                    try {
                        for (int p = first; p < pages; p += threads) {
                            latest[p] = page.write(target, p, urls);
                        }
                    } finally {
                        page.deflater.end();
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
                }
            }
        } finally {
            pool.shutdown();
        }
        Bytes index = new Bytes();
        index.ascii(XML_DECLARATION).ascii("<sitemapindex xmlns=\"" + NS + "\">\n");
        for (int p = 0; p < pages; p++) {
            index.ascii("<sitemap><loc>" + Workload.BASE + pageName(p) + "</loc><lastmod>");
            index.lastmod(latest[p]).ascii("</lastmod></sitemap>\n");
        }
        index.ascii("</sitemapindex>\n");
        try (OutputStream out = target.create(INDEX)) {
            out.write(index.b, 0, index.n);
        }
    }

    /** The names SitemapKit's public writer gives its files, so both outputs compare file by file. */
    static String pageName(int page) {
        return "sitemap-" + KitEngine.SECTION + "-" + (page + 1) + ".xml.gz";
    }

    static final String INDEX = "sitemap.xml";

    private static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    private static final String XML_DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    private static final byte[] URLSET = ascii(XML_DECLARATION + "<urlset xmlns=\"" + NS + "\">\n");
    private static final byte[] URLSET_END = ascii("</urlset>\n");
    private static final byte[] URL_LOC = ascii("<url><loc>");
    private static final byte[] LOC_LASTMOD = ascii("</loc><lastmod>");
    private static final byte[] LASTMOD_CHANGEFREQ = ascii("</lastmod><changefreq>");
    private static final byte[] CHANGEFREQ_PRIORITY = ascii("</changefreq><priority>");
    private static final byte[] PRIORITY_URL = ascii("</priority></url>\n");
    private static final byte[][] CHANGEFREQS = new byte[Workload.CHANGEFREQS.length][];
    /** The priorities 0.0 to 1.0 as written: the workload's are all in tenths. */
    private static final byte[][] TENTHS = new byte[11][];

    private static final byte[] AMP = ascii("&amp;");
    private static final byte[] LT = ascii("&lt;");
    private static final byte[] GT = ascii("&gt;");
    private static final byte[] QUOT = ascii("&quot;");
    private static final byte[] APOS = ascii("&apos;");

    private static final byte[] GZIP_HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

    static {
        for (int i = 0; i < CHANGEFREQS.length; i++) {
            CHANGEFREQS[i] = ascii(Workload.CHANGEFREQS[i]);
        }
        for (int t = 0; t <= 10; t++) {
            TENTHS[t] = ascii(Double.toString(t / 10.0));
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** A growable byte array, filled by hand. */
    private static class Bytes {
        byte[] b = new byte[1 << 16];
        int n;

        Bytes put(byte[] bytes) {
            System.arraycopy(bytes, 0, b, n, bytes.length);
            n += bytes.length;
            return this;
        }

        Bytes ascii(String s) {
            room(s.length());
            for (int i = 0; i < s.length(); i++) {
                b[n++] = (byte) s.charAt(i);
            }
            return this;
        }

        /** Makes room for {@code more} bytes; a page's array is flushed instead ({@link Page}). */
        void room(int more) {
            if (n + more > b.length) {
                b = Arrays.copyOf(b, Math.max(2 * b.length, n + more));
            }
        }

        /** {@code loc}, XML-escaped and UTF-8-encoded; room for 6 bytes a char must be made first. */
        void escaped(String loc) {
            byte[] b = this.b;
            int n = this.n;
            for (int i = 0, len = loc.length(); i < len; i++) {
                char c = loc.charAt(i);
                if (c < 0x80) {
                    byte[] e = switch (c) {
                        case '&' -> AMP;
                        case '<' -> LT;
                        case '>' -> GT;
                        case '"' -> QUOT;
                        case '\'' -> APOS;
                        default -> null;
                    };
                    if (e == null) {
                        b[n++] = (byte) c;
                    } else {
                        System.arraycopy(e, 0, b, n, e.length);
                        n += e.length;
                    }
                } else if (c < 0x800) {
                    b[n++] = (byte) (0xc0 | c >> 6);
                    b[n++] = (byte) (0x80 | c & 0x3f);
                } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(loc.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, loc.charAt(++i));
                    b[n++] = (byte) (0xf0 | cp >> 18);
                    b[n++] = (byte) (0x80 | cp >> 12 & 0x3f);
                    b[n++] = (byte) (0x80 | cp >> 6 & 0x3f);
                    b[n++] = (byte) (0x80 | cp & 0x3f);
                } else if (Character.isSurrogate(c)) {
                    throw new IllegalArgumentException("unpaired surrogate in " + loc);
                } else {
                    b[n++] = (byte) (0xe0 | c >> 12);
                    b[n++] = (byte) (0x80 | c >> 6 & 0x3f);
                    b[n++] = (byte) (0x80 | c & 0x3f);
                }
            }
            this.n = n;
        }

        /**
         * The epoch second {@code second} as {@code yyyy-MM-ddTHH:mm:ssZ} (years 0 to 9999), the
         * civil date from the day number by Howard Hinnant's {@code civil_from_days}.
         */
        Bytes lastmod(long second) {
            room(20);
            long days = Math.floorDiv(second, 86_400L);
            int t = (int) Math.floorMod(second, 86_400L);
            long z = days + 719_468;
            long era = Math.floorDiv(z, 146_097);
            long doe = z - era * 146_097;
            long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
            long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
            long mp = (5 * doy + 2) / 153;
            int day = (int) (doy - (153 * mp + 2) / 5 + 1);
            int month = (int) (mp < 10 ? mp + 3 : mp - 9);
            int year = (int) (yoe + era * 400 + (month <= 2 ? 1 : 0));
            if (year < 0 || year > 9999) {
                throw new IllegalArgumentException("lastmod out of range: " + second);
            }
            digits(year, 4);
            b[n++] = '-';
            digits(month, 2);
            b[n++] = '-';
            digits(day, 2);
            b[n++] = 'T';
            digits(t / 3600, 2);
            b[n++] = ':';
            digits(t / 60 % 60, 2);
            b[n++] = ':';
            digits(t % 60, 2);
            b[n++] = 'Z';
            return this;
        }

        private void digits(int value, int width) {
            for (int i = n + width - 1; i >= n; i--) {
                b[i] = (byte) ('0' + value % 10);
                value /= 10;
            }
            n += width;
        }
    }

    /** One thread's page writer: its byte array, deflater, CRC and output buffer, reused page after page. */
    private static final class Page extends Bytes {
        /** Flushed to the deflater when fewer bytes than this are left: a URL's elements but the loc. */
        private static final int URL_ROOM = 256;

        final Deflater deflater = new Deflater(6, true);
        private final CRC32 crc = new CRC32();
        private final byte[] deflated = new byte[1 << 16];
        private OutputStream out;
        private long length;

        /** Writes page {@code page}; returns the latest lastmod of its URLs, in epoch seconds. */
        long write(Target target, int page, long urls) throws IOException {
            long start = (long) page * Workload.PAGE_URLS;
            long end = Math.min(urls, start + Workload.PAGE_URLS);
            long latest = Long.MIN_VALUE;
            deflater.reset();
            crc.reset();
            length = 0;
            n = 0;
            try (OutputStream o = target.create(pageName(page))) {
                out = o;
                out.write(GZIP_HEADER);
                put(URLSET);
                for (long i = start; i < end; i++) {
                    String loc = Workload.loc(i);
                    if (n + URL_ROOM + 6 * loc.length() > b.length) {
                        flush();
                        room(URL_ROOM + 6 * loc.length());
                    }
                    long second = Workload.lastmod(i).getEpochSecond();
                    latest = Math.max(latest, second);
                    put(URL_LOC).escaped(loc);
                    put(LOC_LASTMOD).lastmod(second).put(LASTMOD_CHANGEFREQ);
                    put(CHANGEFREQS[Workload.changefreq(i)]).put(CHANGEFREQ_PRIORITY);
                    put(tenths(Workload.priority(i))).put(PRIORITY_URL);
                }
                put(URLSET_END);
                flush();
                deflater.finish();
                while (!deflater.finished()) {
                    out.write(deflated, 0, deflater.deflate(deflated));
                }
                int crc32 = (int) crc.getValue();
                int size = (int) length;
                out.write(new byte[] {
                    (byte) crc32,
                    (byte) (crc32 >>> 8),
                    (byte) (crc32 >>> 16),
                    (byte) (crc32 >>> 24),
                    (byte) size,
                    (byte) (size >>> 8),
                    (byte) (size >>> 16),
                    (byte) (size >>> 24)
                });
            } finally {
                out = null;
            }
            return latest;
        }

        /** Hands the bytes made so far to the deflater and writes what it gives back. */
        private void flush() throws IOException {
            crc.update(b, 0, n);
            length += n;
            deflater.setInput(b, 0, n);
            while (!deflater.needsInput()) {
                out.write(deflated, 0, deflater.deflate(deflated));
            }
            n = 0;
        }

        private static byte[] tenths(double priority) {
            long t = Math.round(priority * 10);
            if (t / 10.0 != priority || t < 0 || t > 10) {
                throw new IllegalArgumentException("the floor writes priorities in tenths only: " + priority);
            }
            return TENTHS[(int) t];
        }
    }
}
