package org.sitemapkit.bench;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToDoubleFunction;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.status.VerifyFindings;

/**
 * Page verification under load: what {@code verify=all} costs a live application. Each run starts
 * an application on embedded Jetty 12 (the serving benchmark's server) with SitemapKit's filter, a
 * section of the workload's URLs built from the request's site, and a servlet that answers every
 * one of those URLs with a small HTML page whose head names it as canonical, so that each check
 * passes as a crawler would find it. The first render commits, and with {@code verify=all} the
 * verifier starts asking for every URL it wrote at {@code verify-rate}; while it does, wrk loads a
 * 50,000-URL sitemap page (its p99), and then the section is re-rendered (its render time, as the
 * section's status measures it). Runs with {@code verify=off} and {@code verify=all} alternate in
 * pairs in this JVM, the order swapped every pair, each run on a new server; each measure is
 * judged on the median of the per-pair ratios all ÷ off with its distribution-free 95% interval
 * ({@link GenerationPairs.Interval}). Only loopback is targeted and every load run is bounded.
 */
final class VerifyBench {
    private VerifyBench() {}

    /** The claim: serving p99 and render time with {@code verify=all} at most this many times {@code verify=off}'s. */
    static final double TARGET = 1.05;

    /** What a run is told. */
    record Settings(
            long urls,
            int warmupPairs,
            int pairs,
            int rate,
            int concurrency,
            int connections,
            int loadWarmupSeconds,
            int loadSeconds,
            int rendersPerRun,
            boolean pin) {}

    /** One run of one setting: its load run, its re-renders, and what the verifier asked meanwhile. */
    record Run(
            boolean verify,
            double p99Ms,
            double p50Ms,
            double requestsPerSecond,
            long errors,
            List<Double> renderSeconds,
            double askedPerSecondLoad,
            double askedPerSecondRender,
            double otherCoresRender,
            String loadAverage) {
        double render() {
            return Main.Timing.median(new ArrayList<>(renderSeconds));
        }
    }

    /** One pair: the run with verification and the one without, and which ran first. */
    record Pair(int number, boolean verifyFirst, Run off, Run all) {
        double p99Ratio() {
            return all.p99Ms() / off.p99Ms();
        }

        double renderRatio() {
            return all.render() / off.render();
        }
    }

    /** Everything the report's section is made from. */
    static final class Outcome {
        Settings settings;
        Instant started;
        Instant finished;
        String loadAverageBefore;
        String loadAverageAfter;
        String generator = "";
        String pinning = "";
        int pages;
        /** The small run before the pairs that checks every page passes: checked, failed. */
        String sanity = "";

        final List<Pair> pairs = new ArrayList<>();

        GenerationPairs.Interval interval(ToDoubleFunction<Pair> ratio) {
            List<Double> ratios = new ArrayList<>();
            for (Pair p : pairs) {
                ratios.add(ratio.applyAsDouble(p));
            }
            return GenerationPairs.Interval.ofRatios(ratios);
        }

        GenerationPairs.Interval p99() {
            return interval(Pair::p99Ratio);
        }

        GenerationPairs.Interval render() {
            return interval(Pair::renderRatio);
        }

        double median(ToDoubleFunction<Run> value, boolean verify) {
            List<Double> v = new ArrayList<>();
            for (Pair p : pairs) {
                v.add(value.applyAsDouble(verify ? p.all() : p.off()));
            }
            v.sort(null);
            return Main.Timing.median(v);
        }
    }

    /** Answers every URL of the workload with a small page whose head names it canonical; counts the requests. */
    static final class Pages extends HttpServlet {
        private static final long serialVersionUID = 1L;
        final transient AtomicLong asked = new AtomicLong();

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
            asked.incrementAndGet();
            String query = req.getQueryString();
            String self = req.getRequestURL() + (query == null ? "" : "?" + query);
            res.setContentType("text/html;charset=UTF-8");
            res.getWriter()
                    .write("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
                            + escape(req.getRequestURI()) + "</title><meta name=\"viewport\""
                            + " content=\"width=device-width\"><link rel=\"canonical\" href=\"" + escape(self)
                            + "\"></head><body><h1>" + escape(req.getRequestURI()) + "</h1></body></html>");
        }

        private static String escape(String s) {
            return s.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;");
        }
    }

    /** An application of {@code urls} URLs and their pages on a new Jetty on 127.0.0.1, started. */
    private static final class App implements AutoCloseable {
        final Server server = new Server();
        final ServletContextHandler context = new ServletContextHandler();
        final Pages pages = new Pages();
        final String base;

        App(long urls, String verify, int rate, int concurrency) throws Exception {
            ServerConnector connector = Serving.connector(server);
            context.setContextPath("/");
            context.setInitParameter("sitemapkit.verify", verify);
            context.setInitParameter("sitemapkit.verify-rate", Integer.toString(rate));
            context.setInitParameter("sitemapkit.verify-concurrency", Integer.toString(concurrency));
            context.setInitParameter("sitemapkit.render-wait", "60s");
            KitEngine.installFilter(context, urls);
            context.addServlet(new ServletHolder(pages), "/");
            server.setHandler(context);
            server.start();
            base = "http://127.0.0.1:" + connector.getLocalPort();
        }

        ServletContext servletContext() {
            return context.getServletContext();
        }

        SectionStatus section() {
            return ServletStatus.of(servletContext()).sections().stream()
                    .filter(s -> s.section().equals(KitEngine.SECTION))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no section " + KitEngine.SECTION));
        }

        /** Asks for the index and the first page, which starts and waits for the first render; its page count. */
        int firstRender(HttpClient http) throws Exception {
            for (String path : List.of("/sitemap.xml", KitEngine.firstPagePath())) {
                HttpResponse<byte[]> r = Serving.send(http, base + path, "GET", null);
                for (int i = 0; r.statusCode() == 503 && i < 600; i++) {
                    Thread.sleep(100);
                    r = Serving.send(http, base + path, "GET", null);
                }
                if (r.statusCode() != 200) {
                    throw new IllegalStateException(base + path + " answered " + r.statusCode());
                }
            }
            return section().pages();
        }

        @Override
        public void close() throws IOException {
            try {
                server.stop();
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException("Jetty did not stop: " + e, e);
            }
        }
    }

    static Outcome run(Settings s) throws Exception {
        Outcome o = new Outcome();
        o.settings = s;
        o.started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        o.loadAverageBefore = Machine.loadAverage();
        Serving.Pinning pinning = s.pin() ? Serving.Pinning.of() : Serving.Pinning.NONE;
        o.pinning = pinning.on()
                ? "pinned with `taskset`: wrk on CPU " + pinning.load + ", this JVM (the server, its renders and its"
                        + " verifier, every thread with `taskset -a`) on CPU " + pinning.servers
                : pinning.describe();
        boolean wrk = Serving.Tools.ensure("wrk", "wrk") != null;
        if (!wrk) {
            throw new IllegalStateException("wrk is needed (Debian's package wrk) and could not be installed");
        }
        Serving.Wrk generator = new Serving.Wrk(pinning, s.connections());
        o.generator = generator.describe(s.loadSeconds(), s.loadWarmupSeconds());
        System.out.printf(
                Locale.ROOT,
                "page verification under load: %,d URLs, verify=all at verify-rate %d and verify-concurrency %d"
                        + " against verify=off; %d warm-up + %d timed pairs, the order swapped every pair%n"
                        + "  %s; %s%n",
                s.urls(),
                s.rate(),
                s.concurrency(),
                s.warmupPairs(),
                s.pairs(),
                o.generator,
                o.pinning);
        o.sanity = sanity(s);
        System.out.println("  " + o.sanity);
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (int p = 0; p < s.warmupPairs() + s.pairs(); p++) {
            boolean timed = p >= s.warmupPairs();
            boolean verifyFirst = ((p - s.warmupPairs()) & 1) == 1;
            Run first = run(s, verifyFirst, http, generator, pinning, o);
            Run second = run(s, !verifyFirst, http, generator, pinning, o);
            Pair pair = new Pair(
                    p - s.warmupPairs() + 1, verifyFirst, verifyFirst ? second : first, verifyFirst ? first : second);
            if (timed) {
                o.pairs.add(pair);
            }
            System.out.printf(
                    Locale.ROOT,
                    "  %s %s first | p99 off %7.2f ms all %7.2f ms ratio %.3f | render off %6.3f s all %6.3f s"
                            + " ratio %.3f | verifier %5.0f pages/s under load, %5.0f while rendering | load %s%n",
                    timed ? String.format(Locale.ROOT, "pair %2d", pair.number()) : "warm-up",
                    verifyFirst ? "all" : "off",
                    pair.off().p99Ms(),
                    pair.all().p99Ms(),
                    pair.p99Ratio(),
                    pair.off().render(),
                    pair.all().render(),
                    pair.renderRatio(),
                    pair.all().askedPerSecondLoad(),
                    pair.all().askedPerSecondRender(),
                    Machine.loadAverage());
        }
        o.loadAverageAfter = Machine.loadAverage();
        o.finished = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return o;
    }

    /**
     * Before the pairs, a small application with {@code verify=all} checked to the end: every page the
     * benchmark serves must pass as a crawler finds it, or the pairs would measure failures.
     */
    private static String sanity(Settings s) throws Exception {
        long urls = 2_000;
        try (App app = new App(urls, "all", 1_000, s.concurrency())) {
            app.firstRender(
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            VerifyFindings f;
            while ((f = app.section().verify()) == null) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the sanity check's verification did not end in 120 s");
                }
                Thread.sleep(100);
            }
            if (f.checked() != urls || f.failed() != 0 || f.unreachable() != 0) {
                throw new IllegalStateException("the benchmark's pages do not all pass their check: " + f.summary());
            }
            return String.format(
                    Locale.ROOT,
                    "sanity: %,d URLs of the same application checked to the end with verify=all: %,d checked,"
                            + " %d failed, %d not asked",
                    urls,
                    f.checked(),
                    f.failed(),
                    f.unreachable());
        }
    }

    private static Run run(
            Settings s, boolean verify, HttpClient http, Serving.Wrk generator, Serving.Pinning pinning, Outcome o)
            throws Exception {
        System.gc();
        try (App app = new App(s.urls(), verify ? "all" : "off", s.rate(), s.concurrency())) {
            o.pages = app.firstRender(http);
            String url = app.base + KitEngine.firstPagePath();
            String loadAverage = Machine.loadAverage();
            // the load: wrk on its CPU, this JVM (the server, its renders and its verifier) on the others
            pinning.pinThisJvm();
            Serving.Load load;
            double askedLoad;
            try {
                generator.run(
                        Serving.Kind.GET,
                        "warm-up",
                        "verify=" + (verify ? "all" : "off"),
                        url,
                        null,
                        s.loadWarmupSeconds());
                long asked = app.pages.asked.get();
                long start = System.nanoTime();
                load = generator.run(
                        Serving.Kind.GET, "timed", "verify=" + (verify ? "all" : "off"), url, null, s.loadSeconds());
                askedLoad = (app.pages.asked.get() - asked) / ((System.nanoTime() - start) / 1e9);
            } finally {
                pinning.unpinThisJvm();
            }
            // the re-renders, on every CPU, the verifier still asking
            List<Double> renders = new ArrayList<>();
            long asked = app.pages.asked.get();
            long start = System.nanoTime();
            long[] jiffies = Machine.cpuJiffies();
            long cpu = Machine.processCpuNanos();
            SitemapKit kit = SitemapKit.of(app.servletContext());
            for (int i = 0; i < s.rendersPerRun(); i++) {
                SectionStatus before = app.section();
                kit.invalidate(KitEngine.SECTION).get(600, TimeUnit.SECONDS);
                SectionStatus after = app.section();
                if (after.renders() != before.renders() + 1) {
                    throw new IllegalStateException(
                            "expected one render, the status counted " + (after.renders() - before.renders()));
                }
                renders.add((after.renderNanos() - before.renderNanos()) / 1e9);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double others =
                    Machine.otherCores(jiffies, Machine.cpuJiffies(), (Machine.processCpuNanos() - cpu) / 1e9, seconds);
            double askedRender = (app.pages.asked.get() - asked) / seconds;
            if (verify && askedLoad == 0) {
                throw new IllegalStateException("verify=all asked for no page during the load: nothing was measured");
            }
            return new Run(
                    verify,
                    load.p99Ms,
                    load.p50Ms,
                    load.requestsPerSecond,
                    load.errors,
                    List.copyOf(renders),
                    askedLoad,
                    askedRender,
                    others,
                    loadAverage);
        }
    }
}
