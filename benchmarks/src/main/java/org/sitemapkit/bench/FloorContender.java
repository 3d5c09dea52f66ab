package org.sitemapkit.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.GZIPOutputStream;

/**
 * The floor: the simplest writer that produces the same pages, as the measure of what this
 * machine can do. One thread per core, pages dealt out round-robin, each page's XML written
 * with a {@link Writer} into a level-6 {@link GZIPOutputStream}. No escaping pass and no
 * validation: the loc is concatenated with its {@code &} already written as {@code &amp;}, and the
 * lastmod is formatted into a reused {@code char[]} by hand.
 */
final class FloorContender implements Contender {
    private final int threads;

    FloorContender(int threads) {
        this.threads = threads;
    }

    static final class Level6 extends GZIPOutputStream {
        Level6(OutputStream out) throws IOException {
            super(out, 1 << 16);
            def.setLevel(6);
        }
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
        return threads + " thread" + (threads == 1 ? "" : "s") + ", pages dealt round-robin; each page: "
                + "`BufferedWriter(OutputStreamWriter(GZIPOutputStream subclass with def.setLevel(6)))`, "
                + "the XML of each URL written as string pieces (loc concatenated with `&amp;` already in it, no "
                + "escaping pass, no validation; the lastmod formatted by hand into a reused `char[]`, the priority "
                + "from a table of tenths); the plain index written after the pages.";
    }

    @Override
    public void run(long urls, Target target) throws Exception {
        int pages = Workload.pages(urls);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                futures.add(pool.submit(() -> {
                    for (int p = first; p < pages; p += threads) {
                        writePage(target, p, urls);
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
        try (Writer w = new BufferedWriter(
                new OutputStreamWriter(target.create(Workload.INDEX_FILE), StandardCharsets.UTF_8), 1 << 16)) {
            w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
            for (int p = 0; p < pages; p++) {
                w.write("<sitemap><loc>" + Workload.BASE + "floor-" + (p + 1) + ".xml.gz</loc></sitemap>\n");
            }
            w.write("</sitemapindex>\n");
        }
    }

    /** The priorities 0.0 to 1.0 as written: the workload's are all in tenths. */
    private static final String[] TENTHS = {"0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"
    };

    /** Writes {@code instant} as {@code yyyy-MM-ddTHH:mm:ssZ} into {@code c}; returns 20. */
    static int lastmod(char[] c, Instant instant) {
        long second = instant.getEpochSecond();
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(second, 86_400L));
        int t = (int) Math.floorMod(second, 86_400L);
        digits(c, 0, date.getYear(), 4);
        c[4] = '-';
        digits(c, 5, date.getMonthValue(), 2);
        c[7] = '-';
        digits(c, 8, date.getDayOfMonth(), 2);
        c[10] = 'T';
        digits(c, 11, t / 3600, 2);
        c[13] = ':';
        digits(c, 14, t / 60 % 60, 2);
        c[16] = ':';
        digits(c, 17, t % 60, 2);
        c[19] = 'Z';
        return 20;
    }

    private static void digits(char[] c, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            c[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    private static void writePage(Target target, int page, long urls) throws IOException {
        long start = (long) page * Workload.PAGE_URLS;
        long end = Math.min(urls, start + Workload.PAGE_URLS);
        try (Writer w = new BufferedWriter(
                new OutputStreamWriter(
                        new Level6(target.create("floor-" + (page + 1) + ".xml.gz")), StandardCharsets.UTF_8),
                1 << 16)) {
            w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
            char[] lastmod = new char[20];
            for (long i = start; i < end; i++) {
                w.write("<url><loc>");
                w.write(Workload.xmlLoc(i));
                w.write("</loc><lastmod>");
                w.write(lastmod, 0, lastmod(lastmod, Workload.lastmod(i)));
                w.write("</lastmod><changefreq>");
                w.write(Workload.CHANGEFREQS[Workload.changefreq(i)]);
                w.write("</changefreq><priority>");
                w.write(TENTHS[(int) Math.round(Workload.priority(i) * 10)]);
                w.write("</priority></url>\n");
            }
            w.write("</urlset>\n");
        }
    }
}
