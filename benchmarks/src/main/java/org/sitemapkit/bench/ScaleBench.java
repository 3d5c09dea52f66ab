package org.sitemapkit.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.source.UrlSource;

/**
 * A site of {@code N} URLs (100,000,000 by default) on one machine: the disk store, stable pages of
 * the default size over a generated keyed source (the {@link Workload}'s paths and lastmods, key
 * {@code i}), each render in a JVM of its own with a 64 MiB heap. Measures a whole first render of
 * 1,000,000 and of {@code N} URLs in the same run, then, in the {@code N} JVM, restarts of the
 * application in the running server to the first byte of a page and of the index, and one-row
 * changes to the page's new bytes. Writes its section of BENCHMARKS-stores.md.
 *
 * <pre>java -cp benchmarks/target/sitemapkit-benchmarks.jar org.sitemapkit.bench.StoresBench --scale-only [N]
 *     [--small-runs 5] [--restarts 5] [--touches 20] [--out FILE]</pre>
 */
final class ScaleBench {
    private ScaleBench() {}

    static final String BEGIN = "<!-- scale: written by StoresBench; --scale-only replaces it -->";
    static final String END = "<!-- /scale -->";

    /** Every child's heap limit: the bound for 100,000,000 URLs. */
    static final String HEAP = "64m";

    static final long SMALL = 1_000_000;
    /** A render of N URLs may take N / 1,000,000 times the small render's time, and 10% more. */
    static final double LINEAR_SLACK = 1.10;

    /** The default render-deadline (10 minutes) stops a render of 100,000,000 URLs on a busy 2-core machine. */
    static final Map<String, String> DEADLINE = Map.of("sitemapkit.render-deadline", "2h");

    static final double RESTART_TARGET_MS = 50;
    static final double CHANGE_TARGET_MS = 100;

    /** What one child measured: its lines {@code SCALE key value}, {@code RESTART ...} and {@code TOUCH ...}. */
    record Run(
            long urls,
            double toIndexMs,
            double renderMs,
            int pages,
            int indexes,
            int robotsSitemaps,
            long diskBytes,
            long diskFiles,
            long heapAfterGc,
            long maxHeap,
            double otherCores,
            List<double[]> restarts,
            List<double[]> touches) {}

    /**
     * {@code --scale-only [N] [--small-runs K] [--restarts R] [--touches T] [--out FILE]}: K renders of
     * 1,000,000 URLs, half before and half after the one of N, each in a new JVM, then writes the section.
     */
    static void scaleOnly(List<String> args) throws Exception {
        long n = args.size() > 1 && !args.get(1).startsWith("--")
                ? Long.parseLong(args.get(1).replace("_", ""))
                : 100_000_000;
        int smallRuns = (int) StoresBench.longArg(args, "--small-runs", 5);
        int restarts = (int) StoresBench.longArg(args, "--restarts", 10);
        int touches = (int) StoresBench.longArg(args, "--touches", 20);
        long start = System.nanoTime();
        long[] jiffies = Machine.cpuJiffies();
        String loadBefore = Machine.loadAverage();
        List<Run> small = new ArrayList<>();
        Run large = null;
        int before = (smallRuns + 1) / 2;
        for (int i = 0; i < smallRuns + 1; i++) {
            if (i == before) {
                large = run(n, restarts, touches);
            } else {
                small.add(run(SMALL, 0, 0));
            }
        }
        double wall = (System.nanoTime() - start) / 1e9;
        // the children's CPU is not this JVM's, so "other" load here is everything but this parent's
        String load = String.format(
                Locale.ROOT,
                "The whole section took %.0f s to measure, on %d cores; the machine was busy with %.2f cores on"
                        + " average over it, the children included (load average %s before, %s after).",
                wall,
                Machine.cores(),
                Machine.otherCores(jiffies, Machine.cpuJiffies(), 0, wall),
                loadBefore,
                Machine.loadAverage());
        String section = section(String.join(" ", args), n, small, large, load);
        System.out.println(section);
        int out = args.indexOf("--out");
        Path file = Path.of(out >= 0 ? args.get(out + 1) : "BENCHMARKS-stores.md");
        String old = Files.exists(file) ? Files.readString(file) : "";
        Files.writeString(file, StoresBench.replaceSection(old, BEGIN, END, section));
        System.out.println("wrote the scale section of " + file);
    }

    private static final Pattern RENDERED = Pattern.compile("sitemapkit: rendered .* in ([\\d,]+) ms");

    /** One child JVM of {@link #HEAP} over a new store folder; the folder is deleted after. */
    static Run run(long urls, int restarts, int touches) throws Exception {
        Path dir = Files.createTempDirectory("sitemapkit-scale");
        try {
            List<String> command = List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx" + HEAP,
                    "-cp",
                    System.getProperty("java.class.path"),
                    StoresBench.class.getName(),
                    "--child-scale",
                    Long.toString(urls),
                    dir.toString(),
                    Integer.toString(restarts),
                    Integer.toString(touches));
            System.out.printf(Locale.ROOT, "scale: %,d URLs in a JVM of -Xmx%s%n", urls, HEAP);
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            Map<String, String> values = new ConcurrentHashMap<>();
            List<double[]> restartRows = new ArrayList<>();
            List<double[]> touchRows = new ArrayList<>();
            double renderMs = Double.NaN;
            List<String> tail = new ArrayList<>();
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    tail.add(line);
                    if (tail.size() > 40) {
                        tail.remove(0);
                    }
                    Matcher m = RENDERED.matcher(line);
                    if (m.find()) {
                        renderMs = Double.parseDouble(m.group(1).replace(",", ""));
                    }
                    String[] f = line.split(" ");
                    switch (f[0]) {
                        case "SCALE" -> values.put(f[1], f[2]);
                        case "RESTART" -> restartRows.add(numbers(f));
                        case "TOUCH" -> touchRows.add(numbers(f));
                        default -> {
                            continue;
                        }
                    }
                    System.out.println("  " + line);
                }
            }
            if (!p.waitFor(2, TimeUnit.HOURS) || p.exitValue() != 0 || !values.containsKey("heapAfterGc")) {
                p.destroyForcibly();
                throw new IllegalStateException("the child of " + urls + " URLs failed (exit " + p.exitValue() + "):\n"
                        + String.join("\n", tail));
            }
            return new Run(
                    urls,
                    Double.parseDouble(values.get("toIndexMs")),
                    renderMs,
                    Integer.parseInt(values.get("pages")),
                    Integer.parseInt(values.get("indexes")),
                    Integer.parseInt(values.get("robotsSitemaps")),
                    Long.parseLong(values.get("diskBytes")),
                    Long.parseLong(values.get("diskFiles")),
                    Long.parseLong(values.get("heapAfterGc")),
                    Long.parseLong(values.get("maxHeap")),
                    Double.parseDouble(values.get("otherCores")),
                    restartRows,
                    touchRows);
        } finally {
            Main.deleteTree(dir);
        }
    }

    private static double[] numbers(String[] fields) {
        double[] v = new double[fields.length - 1];
        for (int i = 1; i < fields.length; i++) {
            v[i - 1] = Double.parseDouble(fields[i]);
        }
        return v;
    }

    /**
     * The generated rows of a stable section: key {@code i} from 0 to {@code urls - 1}, the workload's
     * path and lastmod, or the lastmod a touch gave the row. Counts the rows read and the reads of the
     * whole key range (renders of the whole section).
     */
    static UrlSource keyed(long urls, Map<Long, Instant> touched, AtomicLong rowsRead, AtomicLong wholeReads) {
        return UrlSource.stable(
                KitEngine.SECTION,
                (site, from, to) -> {
                    if (from == Long.MIN_VALUE) {
                        wholeReads.incrementAndGet();
                    }
                    Stream<Long> rows = LongStream.rangeClosed(Math.max(0, from), Math.min(urls - 1, to))
                            .boxed();
                    return rows.peek(i -> rowsRead.incrementAndGet());
                },
                Long::longValue,
                (i, site) ->
                        KitEngine.url(site.url(Workload.path(i)), i, touched.getOrDefault(i, Workload.lastmod(i))));
    }

    /**
     * The child: Jetty with the filter over {@link #keyed} in a disk store in {@code dir}; renders the
     * whole section (from the application's start to the index's first byte), counts the pages and
     * indexes, then restarts the application {@code restarts} times and changes {@code touches} rows
     * (after 2 warm-up touches), printing what it measured.
     */
    static void child(long urls, Path dir, int restarts, int touches) throws Exception {
        Server server = new Server();
        ServerConnector connector = Serving.connector(server);
        ContextHandlerCollection contexts = new ContextHandlerCollection();
        server.setHandler(contexts);
        server.start();
        Map<Long, Instant> touched = new ConcurrentHashMap<>();
        AtomicLong rowsRead = new AtomicLong();
        AtomicLong wholeReads = new AtomicLong();
        UrlSource source = keyed(urls, touched, rowsRead, wholeReads);
        String base = "http://127.0.0.1:" + connector.getLocalPort();
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        try {
            long[] jiffies = Machine.cpuJiffies();
            long cpu = Machine.processCpuNanos();
            long start = System.nanoTime();
            ServletContextHandler context = StoresBench.deploy(contexts, source, dir, DEADLINE);
            long toIndex = StoresBench.firstByteMillis(start, base + "/sitemap.xml");
            double wall = (System.nanoTime() - start) / 1e9;
            double other =
                    Machine.otherCores(jiffies, Machine.cpuJiffies(), (Machine.processCpuNanos() - cpu) / 1e9, wall);
            System.out.println("SCALE toIndexMs " + toIndex);
            System.out.println("SCALE otherCores " + other);
            int pages = 0;
            int indexes = 0;
            for (int n = 1; ; n++) {
                HttpResponse<byte[]> r =
                        Serving.send(http, base + (n == 1 ? "/sitemap.xml" : "/sitemap-" + n + ".xml"), "GET", null);
                if (r.statusCode() != 200) {
                    break;
                }
                indexes++;
                pages += count(FreshnessBench.gunzip(r.body()), "<sitemap>");
            }
            HttpResponse<byte[]> robots = Serving.send(http, base + "/robots.txt", "GET", null);
            int robotsSitemaps = robots.statusCode() == 200
                    ? count(gunzipOrPlain(robots), "\nSitemap: ")
                            + (gunzipOrPlain(robots).startsWith("Sitemap: ") ? 1 : 0)
                    : 0;
            System.out.println("SCALE pages " + pages);
            System.out.println("SCALE indexes " + indexes);
            System.out.println("SCALE robotsSitemaps " + robotsSitemaps);
            long[] disk = disk(dir);
            System.out.println("SCALE diskBytes " + disk[0]);
            System.out.println("SCALE diskFiles " + disk[1]);
            SplittableRandom random = new SplittableRandom(38);
            if (restarts > 0) {
                long readsBefore = rowsRead.get();
                for (int run = 0; run < restarts; run++) {
                    context.stop();
                    contexts.removeHandler(context);
                    int page = 1 + random.nextInt(pages);
                    long[] filterStart = new long[1];
                    context = StoresBench.deploy(contexts, source, dir, DEADLINE, filterStart);
                    double pageMs = StoresBench.firstByteMillisExact(
                            filterStart[0], base + "/sitemap-" + KitEngine.SECTION + "-" + page + ".xml");
                    double indexMs = StoresBench.firstByteMillisExact(filterStart[0], base + "/sitemap.xml");
                    System.out.printf(Locale.ROOT, "RESTART %d %.2f %.2f%n", page, pageMs, indexMs);
                }
                if (rowsRead.get() != readsBefore) {
                    throw new IllegalStateException(
                            "a restarted application read its source instead of the disk store");
                }
            }
            if (touches > 0) {
                touch(http, base, SitemapKit.of(context.getServletContext()), urls, touches, touched, rowsRead, random);
                if (wholeReads.get() != 1) {
                    throw new IllegalStateException(
                            wholeReads.get() + " whole renders, where a one-row change renders a page");
                }
            }
            context.stop();
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            System.out.println("SCALE maxHeap " + Runtime.getRuntime().maxMemory());
            System.out.println("SCALE heapAfterGc "
                    + ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        } finally {
            server.stop();
        }
    }

    /**
     * Changes {@code touches} rows after 2 warm-up touches, each to a new lastmod of now (a new second:
     * 1.1 s apart), with {@code invalidate(section, key)}, and polls the page holding the row with its
     * ETag about every millisecond until it answers with the new lastmod. Prints {@code TOUCH id page
     * returnedMs servedMs rowsRead warmUp}.
     */
    private static void touch(
            HttpClient http,
            String base,
            SitemapKit kit,
            long urls,
            int touches,
            Map<Long, Instant> touched,
            AtomicLong rowsRead,
            SplittableRandom random)
            throws Exception {
        // a first render cuts every page but the last at the same count
        String first =
                FreshnessBench.gunzip(Serving.send(http, base + "/sitemap-" + KitEngine.SECTION + "-1.xml", "GET", null)
                        .body());
        int perPage = count(first, "<url>");
        for (int t = 0; t < touches + 2; t++) {
            long id = random.nextLong(urls);
            long page = id / perPage + 1;
            String url = base + "/sitemap-" + KitEngine.SECTION + "-" + page + ".xml";
            String etag = Serving.send(http, url, "GET", null)
                    .headers()
                    .firstValue("ETag")
                    .orElseThrow();
            Thread.sleep(1_100); // a new second, so the new lastmod differs from the last touch's
            touched.put(id, Instant.now().truncatedTo(ChronoUnit.SECONDS));
            long rows = rowsRead.get();
            long start = System.nanoTime();
            kit.invalidate(KitEngine.SECTION, id);
            double returned = (System.nanoTime() - start) / 1e6;
            HttpResponse<byte[]> fresh;
            long deadline = start + TimeUnit.SECONDS.toNanos(60);
            while ((fresh = Serving.send(http, url, "GET", etag)).statusCode() == 304) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("page " + page + " did not change in 60 s");
                }
                Thread.sleep(1);
            }
            double served = (System.nanoTime() - start) / 1e6;
            if (fresh.statusCode() != 200 || !FreshnessBench.touched(FreshnessBench.gunzip(fresh.body()), id)) {
                throw new IllegalStateException(
                        "page " + page + " answered " + fresh.statusCode() + " without row " + id + "'s new lastmod");
            }
            System.out.printf(
                    Locale.ROOT,
                    "TOUCH %d %d %.2f %.2f %d %d%n",
                    id,
                    page,
                    returned,
                    served,
                    rowsRead.get() - rows,
                    t < 2 ? 1 : 0);
        }
    }

    private static String gunzipOrPlain(HttpResponse<byte[]> r) throws IOException {
        return r.headers().firstValue("Content-Encoding").orElse("").equals("gzip")
                ? FreshnessBench.gunzip(r.body())
                : new String(r.body(), StandardCharsets.UTF_8);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + what.length())) {
            n++;
        }
        return n;
    }

    /** {bytes, files} under {@code dir}. */
    private static long[] disk(Path dir) throws IOException {
        long[] total = new long[2];
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                try {
                    total[0] += Files.size(f);
                    total[1]++;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        return total;
    }

    /** The report's section, between its markers. */
    static String section(String command, long n, List<Run> small, Run large, String load) {
        StringBuilder out = new StringBuilder(BEGIN).append("\n");
        out.append(String.format(
                Locale.ROOT,
                "%,d URLs on one machine: the disk store, one stable section of the default page size (12,500 URLs,"
                        + " cut at 10,000 when fresh) over a generated keyed source, the workload's paths and lastmods"
                        + " computed from the key `i` (no database). Each render runs in a new JVM with `-Xmx%s`, an"
                        + " application on a running Jetty from the filter's start to the first byte of `/sitemap.xml`"
                        + " (the whole first render; the render alone is the time the service logs); `render-deadline` 2 h, the other settings the defaults. %d renders of"
                        + " %,d URLs ran, %d before and %d after the one of %,d. Command: `java -cp"
                        + " benchmarks/target/sitemapkit-benchmarks.jar org.sitemapkit.bench.StoresBench %s`.%n%n",
                n,
                HEAP,
                small.size(),
                SMALL,
                (small.size() + 1) / 2,
                small.size() / 2,
                n,
                command.trim()));
        out.append(
                        "| run | URLs | to the index's first byte | render (logged) | other load | pages | indexes | robots.txt"
                                + " sitemaps | disk | heap limit | heap in use after a full GC |\n")
                .append("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        List<Run> order = new ArrayList<>(small);
        order.add((small.size() + 1) / 2, large);
        for (int i = 0; i < order.size(); i++) {
            Run r = order.get(i);
            out.append(String.format(
                    Locale.ROOT,
                    "| %d | %,d | %,.0f ms | %,.0f ms | %.2f cores | %,d | %d | %d | %s in %,d files | %s, completed |"
                            + " %.1f MiB |%n",
                    i + 1,
                    r.urls(),
                    r.toIndexMs(),
                    r.renderMs(),
                    r.otherCores(),
                    r.pages(),
                    r.indexes(),
                    r.robotsSitemaps(),
                    bytes(r.diskBytes()),
                    r.diskFiles(),
                    bytes(r.maxHeap()),
                    r.heapAfterGc() / 1048576.0));
        }
        double scale = (double) n / SMALL;
        double bound = scale * LINEAR_SLACK;
        out.append(String.format(
                Locale.ROOT,
                "%nLinear time: the render of %,d URLs may take at most %.0f× (%,d / %,d × %.2f) the time of %,d.%n%n"
                        + "| time | %,d URLs, median (min–max) of %d | %,d URLs, 1 run | ratio against the median (against"
                        + " the slowest – the fastest small run) | bound | verdict |%n|---|--:|--:|--:|--:|---|%n",
                n,
                bound,
                n,
                SMALL,
                LINEAR_SLACK,
                SMALL,
                SMALL,
                small.size(),
                n));
        for (String kind : List.of("to the index's first byte", "render (logged)")) {
            boolean first = kind.startsWith("to");
            List<Double> s = small.stream()
                    .map(r -> first ? r.toIndexMs() : r.renderMs())
                    .sorted()
                    .toList();
            double big = first ? large.toIndexMs() : large.renderMs();
            double median = Main.Timing.median(s);
            double low = big / s.get(s.size() - 1);
            double high = big / s.get(0);
            String verdict = high <= bound ? "met" : low > bound ? "not met" : "inconclusive";
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %,.0f ms (%,.0f–%,.0f) | %,.0f ms | %.1f× (%.1f–%.1f×) | %.0f× | %s |%n",
                    kind,
                    median,
                    s.get(0),
                    s.get(s.size() - 1),
                    big,
                    big / median,
                    low,
                    high,
                    bound,
                    verdict));
        }
        out.append(String.format(
                Locale.ROOT,
                "%nThe verdict is \"met\" only when the ratio against every small run is under the bound, \"not met\""
                        + " when it is over against every one, and \"inconclusive\" otherwise; %,d URLs ran once, so"
                        + " the verdict rests on that one run and says nothing of how much it varies.%n",
                n));
        if (!large.restarts().isEmpty()) {
            out.append(restarts(n, large));
        }
        if (!large.touches().isEmpty()) {
            out.append(touches(n, large));
        }
        out.append("\n").append(load).append("\n");
        return out.append(END).append("\n").toString();
    }

    private static String restarts(long n, Run large) {
        List<double[]> rows = large.restarts();
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "%nRestart of the application in the running server (the JVM of the %,d-URL render): the context"
                        + " stopped and a new one started over the same store, %d times, each asked for a random page"
                        + " and then the index; from the filter's start (the listener that registers the source runs"
                        + " just before the filter's `init`) to each first byte. No restart read the source. The"
                        + " page files were in the operating system's page cache, as on a server that just wrote"
                        + " them. Target: %.0f ms, judged on the 95%% interval of the median.%n%n"
                        + "| to the first byte of | median (min–max) | 95%% interval of the median | verdict |%n"
                        + "|---|--:|--:|---|%n",
                n,
                rows.size(),
                RESTART_TARGET_MS));
        String[] what = {"a page", "the index"};
        for (int c = 0; c < 2; c++) {
            int column = c + 1;
            List<Double> v = rows.stream().map(r -> r[column]).sorted().toList();
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %.1f ms (%.1f–%.1f) | %s |%n",
                    what[c],
                    Main.Timing.median(v),
                    v.get(0),
                    v.get(v.size() - 1),
                    interval(v, RESTART_TARGET_MS)));
        }
        out.append("\n| restart | page | to its first byte | to the index's first byte |\n|--:|--:|--:|--:|\n");
        for (int i = 0; i < rows.size(); i++) {
            double[] r = rows.get(i);
            out.append(String.format(Locale.ROOT, "| %d | %,.0f | %.1f ms | %.1f ms |%n", i + 1, r[0], r[1], r[2]));
        }
        return out.toString();
    }

    private static String touches(long n, Run large) {
        List<double[]> rows = large.touches().stream().filter(r -> r[5] == 0).toList();
        List<Double> served = rows.stream().map(r -> r[3]).sorted().toList();
        List<Double> returned = rows.stream().map(r -> r[2]).sorted().toList();
        List<Double> read = rows.stream().map(r -> r[4]).sorted().toList();
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "%nA change to one row, in the same JVM after the restarts: a random row's lastmod set to now and"
                        + " `invalidate(\"%s\", key)` called; from that call, the page holding the row is asked with its"
                        + " old ETag about every millisecond until it answers with the row's new lastmod. %d touches"
                        + " after 2 warm-up touches, 1.1 s apart. Target: %.0f ms to the new bytes, judged on the 95%%"
                        + " interval of the median.%n%n| | median | max |%n|---|--:|--:|%n"
                        + "| `invalidate` returns | %.1f ms | %.1f ms |%n"
                        + "| **the page's new bytes served** | **%.1f ms** | %.1f ms |%n"
                        + "| rows read | %,.0f | %,.0f |%n%n"
                        + "New bytes served: %s; %d of %d touches within %.0f ms. No touch rendered the whole"
                        + " section.%n%n| touch | row | page | `invalidate` returned | new bytes served | rows read |%n"
                        + "|--:|--:|--:|--:|--:|--:|%n",
                KitEngine.SECTION,
                rows.size(),
                CHANGE_TARGET_MS,
                Main.Timing.median(returned),
                StoresBench.max(returned),
                Main.Timing.median(served),
                StoresBench.max(served),
                Main.Timing.median(read),
                StoresBench.max(read),
                interval(served, CHANGE_TARGET_MS),
                served.stream().filter(ms -> ms <= CHANGE_TARGET_MS).count(),
                served.size(),
                CHANGE_TARGET_MS));
        for (int i = 0; i < rows.size(); i++) {
            double[] r = rows.get(i);
            out.append(String.format(
                    Locale.ROOT,
                    "| %d | %,.0f | %,.0f | %.1f ms | %.1f ms | %,.0f |%n",
                    i + 1,
                    r[0],
                    r[1],
                    r[2],
                    r[3],
                    r[4]));
        }
        return out.toString();
    }

    /** The distribution-free 95% interval of the median of {@code sorted} and the verdict against {@code target}. */
    private static String interval(List<Double> sorted, double target) {
        double[] ci = StoresBench.medianInterval(sorted);
        if (ci == null) {
            return "too few runs for a 95% interval | inconclusive";
        }
        String verdict = ci[1] <= target ? "met" : ci[0] > target ? "not met" : "inconclusive";
        return String.format(Locale.ROOT, "%.1f–%.1f ms (%.1f%%) | **%s**", ci[0], ci[1], ci[2] * 100, verdict);
    }

    private static String bytes(long b) {
        return b >= 1L << 30
                ? String.format(Locale.ROOT, "%.2f GiB", b / (double) (1L << 30))
                : String.format(Locale.ROOT, "%.1f MiB", b / 1048576.0);
    }
}
