package org.sitemapkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.render.PageSink;
import org.sitemapkit.internal.render.PageSummary;
import org.sitemapkit.internal.render.RenderReport;
import org.sitemapkit.internal.render.Renderer;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.model.Site;
import org.sitemapkit.source.UrlSource;

/**
 * The engine's own costs, beside the contest in {@link Main}: time and bytes per gzip level, and
 * the fixed cost of a page (a section cut into one-URL pages, rendered through the service into its
 * store, as a live node does). Also a profiling loop, to run under JFR:
 *
 * <pre>java -XX:StartFlightRecording=filename=render.jfr -cp benchmarks/target/sitemapkit-benchmarks.jar \
 *     org.sitemapkit.bench.EngineBench profile [rounds]</pre>
 */
public final class EngineBench {
    private EngineBench() {}

    /** One-URL pages in the small-pages render. */
    static final int SMALL_PAGES = 50_000;

    /** The small-pages target: a page's fixed cost must not dominate small pages. */
    static final double SMALL_PAGES_SECONDS = 2.0;

    /** The levels the table shows: the fastest, a middle one, the default, the smallest. */
    static final int[] LEVELS = {1, 4, 6, 9};

    /** One gzip level's median render time and the bytes it wrote. */
    record Level(int level, double medianSeconds, double minSeconds, long bytes, double cpuSeconds) {}

    /** The small-pages run: pages rendered, and the median time of the timed renders. */
    record SmallPages(int pages, List<Double> seconds, long urlsServed) {
        double median() {
            return Main.Timing.median(seconds);
        }
    }

    /** Renders the workload at each of {@link #LEVELS}, the levels interleaved round by round. */
    static List<Level> levels(long urls, int warmup, int runs, Path scratch) throws IOException {
        List<List<Double>> times = new ArrayList<>();
        List<List<Double>> cpu = new ArrayList<>();
        long[] bytes = new long[LEVELS.length];
        for (int i = 0; i < LEVELS.length; i++) {
            times.add(new ArrayList<>());
            cpu.add(new ArrayList<>());
        }
        for (int round = 0; round < warmup + runs; round++) {
            for (int k = 0; k < LEVELS.length; k++) {
                int i = (k + round) % LEVELS.length;
                Target.Discard target = new Target.Discard(scratch);
                System.gc();
                long c = Machine.processCpuNanos();
                long start = System.nanoTime();
                render(urls, LEVELS[i], target);
                double s = (System.nanoTime() - start) / 1e9;
                double cs = (Machine.processCpuNanos() - c) / 1e9;
                if (round >= warmup) {
                    times.get(i).add(s);
                    cpu.get(i).add(cs);
                    bytes[i] = target.bytes();
                }
                System.out.printf(
                        Locale.ROOT,
                        "  level %d: %6.3f s (cpu %6.3f s) %,13d bytes%s%n",
                        LEVELS[i],
                        s,
                        cs,
                        target.bytes(),
                        round < warmup ? " (warm-up)" : "");
            }
        }
        List<Level> out = new ArrayList<>();
        for (int i = 0; i < LEVELS.length; i++) {
            out.add(new Level(
                    LEVELS[i],
                    Main.Timing.median(times.get(i)),
                    times.get(i).stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
                    bytes[i],
                    Main.Timing.median(cpu.get(i))));
        }
        return out;
    }

    /** The contender's render (the engine's default options) at another level, pages only. */
    static RenderReport render(long urls, int level, Target target) throws IOException {
        PageOptions options =
                PageOptions.defaults().toBuilder().gzipLevel(level).build();
        UrlSources sources = new UrlSources().register(KitEngine.source(urls));
        RenderReport report;
        try (Threads threads = Threads.of(null)) { // background deflate, as SitemapKit.write renders
            report = new Renderer(Site.of(Workload.BASE), options)
                    .threads(threads)
                    .render(sources, new PageSink() {
                        @Override
                        public java.io.OutputStream openPage(String section, int number) throws IOException {
                            return target.create("sitemap-" + section + "-" + number + ".xml.gz");
                        }

                        @Override
                        public void pageWritten(PageSummary page) {}
                    });
        }
        if (report.urlCount() != urls || report.skippedCount() != 0) {
            throw new IllegalStateException("rendered " + report + ", expected " + urls + " URLs");
        }
        return report;
    }

    /**
     * A section of {@code pages} URLs cut into one-URL pages ({@code UrlSource.maxUrls(1)}), rendered
     * by a {@link SitemapService} into its memory store, as a live node renders it when the first
     * request comes; each timed round invalidates the section and waits for the new render.
     */
    static SmallPages smallPages(int pages, int warmup, int runs) throws Exception {
        Site site = Site.of(Workload.BASE);
        UrlSource source = KitEngine.servedSource(pages).maxUrls(1);
        List<Double> seconds = new ArrayList<>();
        long served;
        try (SitemapService service = new SitemapService(
                Settings.builder().baseUrl(Workload.BASE).build(),
                new UrlSources().register(source),
                new MemoryPageStore())) {
            for (int round = 0; round < warmup + runs; round++) {
                System.gc();
                long start = System.nanoTime();
                if (round == 0) {
                    service.section(site, KitEngine.SECTION);
                } else {
                    service.invalidate(KitEngine.SECTION).get();
                }
                double s = (System.nanoTime() - start) / 1e9;
                RenderedSection section = service.section(site, KitEngine.SECTION);
                if (section.pages().size() != pages) {
                    throw new IllegalStateException(
                            "rendered " + section.pages().size() + " pages, expected " + pages);
                }
                if (round >= warmup) {
                    seconds.add(s);
                }
                System.out.printf(
                        Locale.ROOT, "  %,d one-URL pages: %6.3f s%s%n", pages, s, round < warmup ? " (warm-up)" : "");
            }
            served = service.page(site, KitEngine.SECTION, pages).orElseThrow().urlCount();
        }
        return new SmallPages(pages, seconds, served);
    }

    public static void main(String[] args) throws Exception {
        String what = args.length > 0 ? args[0] : "profile";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        Path scratch = Files.createTempDirectory("sitemapkit-engine-");
        try {
            switch (what) {
                case "profile" -> {
                    for (int i = 0; i < rounds; i++) {
                        Target.Discard target = new Target.Discard(scratch);
                        long start = System.nanoTime();
                        KitEngine.CONTENDER.run(1_000_000, target); // the public writer, as Main times it
                        System.out.printf(
                                Locale.ROOT,
                                "render %d: %.3f s, %,d bytes%n",
                                i + 1,
                                (System.nanoTime() - start) / 1e9,
                                target.bytes());
                    }
                }
                case "levels" -> levels(1_000_000, 1, rounds, scratch);
                case "compare" -> {
                    // SitemapKit's public writer against the two-thread floor, alternated, wall and CPU
                    Contender floor = new FloorContender(Machine.cores());
                    for (int i = 0; i < rounds; i++) {
                        for (Contender c : List.of(KitEngine.CONTENDER, floor)) {
                            System.gc();
                            long cpu = Machine.processCpuNanos();
                            long start = System.nanoTime();
                            c.run(1_000_000, new Target.Discard(scratch));
                            System.out.printf(
                                    Locale.ROOT,
                                    "%-12s %.3f s, cpu %.3f s%n",
                                    c.id(),
                                    (System.nanoTime() - start) / 1e9,
                                    (Machine.processCpuNanos() - cpu) / 1e9);
                        }
                    }
                }
                case "small-pages" ->
                    System.out.println("median " + smallPages(50_000, 1, rounds).median() + " s");
                default -> throw new IllegalArgumentException("profile, levels or small-pages: " + what);
            }
        } finally {
            Main.deleteTree(scratch);
        }
    }
}
