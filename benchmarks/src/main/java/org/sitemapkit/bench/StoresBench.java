package org.sitemapkit.bench;

import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.instance.BuildInfoProvider;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import javax.cache.Cache;
import javax.cache.CacheManager;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.h2.jdbcx.JdbcDataSource;
import org.sitemapkit.PageStore;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.config.SettingsTable;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.service.UnavailableException;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.internal.store.JCachePageStore;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * The page stores side by side, in the same run: the heap a node needs to serve a site of 100,000
 * and of 10,000,000 URLs from each store, and how many renders a two-node cluster makes per
 * refresh. Each heap figure comes from a JVM of its own, after serving every page once and a full
 * GC. The URLs are the benchmark's {@link Workload}: varied paths and a distinct lastmod each.
 *
 * <pre>java -cp benchmarks/target/sitemapkit-benchmarks.jar org.sitemapkit.bench.StoresBench [--quick] [--out FILE]</pre>
 */
public final class StoresBench {
    private StoresBench() {}

    static final Site SITE = Site.of("https://shop.example.com/");
    /** URL {@code i} of the benchmark's workload, its loc built from the site as an application does. */
    static SitemapUrl url(long i) {
        return KitEngine.url(SITE.url(Workload.path(i)), i);
    }

    static UrlSources site(long urls, AtomicInteger renders) {
        return new UrlSources().register(products(urls, renders));
    }

    static UrlSource products(long urls, AtomicInteger renders) {
        return UrlSource.of("products", s -> {
            renders.incrementAndGet();
            return LongStream.range(0, urls).mapToObj(StoresBench::url);
        });
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--child-heap")) {
            childHeap(args[1], Long.parseLong(args[2]), Path.of(args[3]));
            return;
        }
        if (args.length > 0 && args[0].equals("--child-restart")) {
            childRestart(Long.parseLong(args[1]), Path.of(args[2]), args[3]);
            return;
        }
        if (args.length > 0 && args[0].equals("--restart-only")) {
            System.out.println(
                    restartToFirstByte(args.length > 1 ? Long.parseLong(args[1].replace("_", "")) : 10_000_000));
            return;
        }
        if (args.length > 0 && args[0].equals("--child-serve")) {
            childServe(
                    args[1],
                    Long.parseLong(args[2]),
                    Path.of(args[3]),
                    Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]),
                    Integer.parseInt(args[6]));
            return;
        }
        if (args.length > 0 && args[0].equals("--cluster-only")) {
            clusterOnly(List.of(args));
            return;
        }
        if (args.length > 0 && args[0].equals("--scale-only")) {
            ScaleBench.scaleOnly(List.of(args));
            return;
        }
        if (args.length > 0 && args[0].equals("--child-scale")) {
            ScaleBench.child(
                    Long.parseLong(args[1]), Path.of(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            return;
        }
        boolean quick = List.of(args).contains("--quick");
        int out = List.of(args).indexOf("--out");
        long large = quick ? 2_000_000 : 10_000_000;
        StringBuilder report = new StringBuilder();
        report.append("# Page stores\n\nCommand: `java -cp benchmarks/target/sitemapkit-benchmarks.jar ")
                .append("org.sitemapkit.bench.StoresBench")
                .append(quick ? " --quick" : "")
                .append("`\n\n")
                .append("Heap in use after rendering the site, serving every page once and a full GC, each in a JVM")
                .append(
                        " of its own (`-Xmx2g`); a JCache node keeps its last good pages, as the memory store does:\n\n")
                .append("| store | 100,000 URLs | ")
                .append(String.format(Locale.ROOT, "%,d", large))
                .append(" URLs |\n")
                .append("|---|--:|--:|\n");
        for (String kind : List.of("memory", "disk", "jcache")) {
            report.append("| ")
                    .append(kind)
                    .append(" | ")
                    .append(mib(heap(kind, 100_000)))
                    .append(" | ")
                    .append(mib(heap(kind, large)))
                    .append(" |\n");
        }
        report.append("\n").append(restarts(quick ? 200_000 : 1_000_000));
        report.append("\n").append(restartToFirstByte(large));
        report.append("\n").append(rendersPerRefresh(quick ? 10 : 20));
        report.append("\n")
                .append(cluster(
                        "org.sitemapkit.bench.StoresBench" + (quick ? " --quick" : ""),
                        quick ? 200_000 : 1_000_000,
                        quick ? 10 : 20,
                        1_000_000,
                        quick ? 3 : 5));
        System.out.println(report);
        if (out >= 0) {
            Files.writeString(Path.of(args[out + 1]), report);
        }
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    /** Forks a JVM that renders and serves {@code urls} from a {@code kind} store, and reads its heap figure. */
    static long heap(String kind, long urls) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("sitemapkit-stores");
        try {
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            // SoftRefLRUPolicyMSPerMB=0: a big heap keeps softly held JDK caches through a GC, which is not the store
            Process p = new ProcessBuilder(
                            java,
                            "-Xmx2g",
                            "-XX:+UseSerialGC",
                            "-XX:SoftRefLRUPolicyMSPerMB=0",
                            "-cp",
                            System.getProperty("java.class.path"),
                            StoresBench.class.getName(),
                            "--child-heap",
                            kind,
                            Long.toString(urls),
                            dir.toString())
                    .redirectErrorStream(true)
                    .start();
            String heap = null;
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    if (line.startsWith("heap=")) {
                        heap = line.substring(5);
                    }
                }
            }
            if (!p.waitFor(20, TimeUnit.MINUTES) || p.exitValue() != 0 || heap == null) {
                throw new IllegalStateException(kind + " " + urls + ": the child failed");
            }
            return Long.parseLong(heap);
        } finally {
            Main.deleteTree(dir);
        }
    }

    static void childHeap(String kind, long urls, Path dir) throws Exception {
        HazelcastInstance member = null;
        SectionStore store;
        switch (kind) {
            case "disk" -> store = new DiskPageStore(dir);
            case "jcache" -> {
                member = Hazelcast.newHazelcastInstance(
                        member("heap-" + ProcessHandle.current().pid(), Serving.freePort()));
                store = new JCachePageStore(cacheManager(member), "sitemapkit");
            }
            default -> store = new MemoryPageStore();
        }
        try (SitemapService service = new SitemapService(
                Settings.builder()
                        .baseUrl(SITE)
                        .renderWait(Duration.ofMinutes(5))
                        .renderDeadline(Duration.ofHours(1))
                        .build(),
                site(urls, new AtomicInteger()),
                store)) {
            long served = service.root(SITE).orElseThrow().gzip().length;
            RenderedSection section = service.section(SITE, "products");
            for (CachedPage page : section.pages()) {
                served += page.gzip().length;
            }
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            System.out.println("served=" + served);
            System.out.println("heap="
                    + ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        } finally {
            store.close();
            if (member != null) {
                member.shutdown();
            }
        }
    }

    /**
     * Time from starting a node's process to the first byte of its {@code /sitemap.xml}, on a restart
     * after a first run wrote the store: the memory store renders again; the disk store reads its
     * files; a JCache node reads what the cluster kept (another member stays up meanwhile).
     */
    static String restarts(long urls) throws Exception {
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "Restart: from starting the process to the"
                        + " first byte of `/sitemap.xml` (%,d URLs, Jetty, `render-at-start` on); the first run filled the store:%n%n"
                        + "| store | first run | restart |%n|---|--:|--:|%n",
                urls));
        for (String kind : List.of("memory", "disk", "jcache")) {
            Path dir = Files.createTempDirectory("sitemapkit-restart");
            HazelcastInstance keeper = null;
            int keeperPort = Serving.freePort();
            int childPort = Serving.freePort();
            if (kind.equals("jcache")) {
                keeper = Hazelcast.newHazelcastInstance(member("restart", keeperPort, childPort));
            }
            try {
                long[] took = new long[2];
                for (int run = 0; run < 2; run++) {
                    int http = Serving.freePort();
                    String java = Path.of(System.getProperty("java.home"), "bin", "java")
                            .toString();
                    long start = System.nanoTime();
                    Process p = new ProcessBuilder(
                                    java,
                                    "-Xmx1g",
                                    "-cp",
                                    System.getProperty("java.class.path"),
                                    StoresBench.class.getName(),
                                    "--child-serve",
                                    kind,
                                    Long.toString(urls),
                                    dir.toString(),
                                    Integer.toString(http),
                                    Integer.toString(childPort),
                                    Integer.toString(keeperPort))
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
                    try {
                        took[run] = firstByteMillis(start, "http://127.0.0.1:" + http + "/sitemap.xml");
                    } finally {
                        p.destroy();
                        p.waitFor(30, TimeUnit.SECONDS);
                    }
                }
                out.append(String.format(Locale.ROOT, "| %s | %,d ms | %,d ms |%n", kind, took[0], took[1]));
            } finally {
                if (keeper != null) {
                    keeper.shutdown();
                }
                Main.deleteTree(dir);
            }
        }
        return out.toString();
    }

    /**
     * The restart the disk store is for, timed inside the node: from the moment the filter starts
     * (the listener that registers the source runs just before the filter's {@code init}) to the
     * first byte of a page, and of the index, read from the disk store a first node filled with
     * {@code urls} URLs. The target is 50 ms.
     */
    /** New JVMs of each kind: a cold start varies with what the JIT's threads take of two cores. */
    private static final int PROCESSES = 5;

    /** How many times each process stops the application and starts it again, after its first start. */
    private static final int RESTARTS = 5;

    static String restartToFirstByte(long urls) throws Exception {
        Path dir = Files.createTempDirectory("sitemapkit-restart-disk");
        // beside the store, not in it: the store's start deletes files no section names
        Path cdsDir = Files.createTempDirectory("sitemapkit-restart-cds");
        Path archive = cdsDir.resolve("classes.jsa");
        try {
            String fill = child(List.of(), "--child-restart", Long.toString(urls), dir.toString(), "fill");
            StringBuilder rows = new StringBuilder();
            Map<String, List<double[]>> summary = new LinkedHashMap<>();
            String cold = "new JVM: SitemapKit's is the first request the server answers";
            String floor = "new JVM: the floor, a constant filter, the first request";
            String after = "new JVM: SitemapKit after the floor's request (its own cold start)";
            String cdsFloor = "new JVM with a class-data archive: the floor";
            String cdsAfter = "new JVM with a class-data archive: SitemapKit after the floor's request";
            String restart = "restart of the application in a running server";
            for (String k : List.of(cold, floor, after, cdsFloor, cdsAfter, restart)) {
                summary.put(k, new ArrayList<>());
            }
            // the first 2 * PROCESSES alternate: odd ones, SitemapKit's request is the first the new JVM's server
            // answers; even ones, a
            // constant filter is started and asked first (the floor: what the server and the client cost
            // cold), then SitemapKit, whose figure is then its own cold cost; the last PROCESSES as the even ones, with
            // the dynamic class-data archive that a run of the same start wrote (-XX:ArchiveClassesAtExit)
            child(
                    List.of("-XX:ArchiveClassesAtExit=" + archive),
                    "--child-restart",
                    Long.toString(urls),
                    dir.toString(),
                    "floor-first");
            for (int process = 1; process <= 3 * PROCESSES; process++) {
                boolean cds = process > 2 * PROCESSES;
                boolean floorFirst = process % 2 == 0 || cds;
                String[] runs = child(
                                cds ? List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto") : List.of(),
                                "--child-restart",
                                Long.toString(urls),
                                dir.toString(),
                                floorFirst ? "floor-first" : "restart")
                        .split(" ");
                int first = 0;
                if (floorFirst) {
                    double f = Double.parseDouble(runs[0]);
                    summary.get(cds ? cdsFloor : floor).add(new double[] {f, Double.NaN});
                    rows.append(String.format(
                            Locale.ROOT, "| %d | %s | %.1f ms | |%n", process, cds ? cdsFloor : floor, f));
                    first = 1;
                }
                for (int run = first; run < runs.length; run++) {
                    String[] t = runs[run].split("/");
                    double[] v = {Double.parseDouble(t[0]), Double.parseDouble(t[1])};
                    String kind = run > first ? restart : cds ? cdsAfter : floorFirst ? after : cold;
                    summary.get(kind).add(v);
                    String start = run > first ? "restart " + (run - first) + " of the application" : kind;
                    rows.append(String.format(
                            Locale.ROOT, "| %d | %s | %.1f ms | %.1f ms |%n", process, start, v[0], v[1]));
                }
            }
            StringBuilder table = new StringBuilder();
            for (Map.Entry<String, List<double[]>> e : summary.entrySet()) {
                table.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %s | %s |%n",
                        e.getKey(),
                        e.getValue().size(),
                        spread(e.getValue(), 0),
                        spread(e.getValue(), 1)));
            }
            return String.format(
                    Locale.ROOT,
                    "Restart to the first byte, timed inside the node: from the filter's start (the listener that"
                            + " registers the source runs just before the filter's `init`) to the first byte of page 1"
                            + " and of `/sitemap.xml`, read from the disk store that a first node filled with %,d URLs"
                            + " (%s). Each process starts the application once in a new JVM, then stops it and starts a"
                            + " new one " + RESTARTS
                            + " times over the same store, as a redeploy does. In a new JVM the first request"
                            + " also loads the server's and the client's classes, so some processes first start a"
                            + " constant servlet filter (the floor) and ask it, timed the same way: the server's cold"
                            + " cost shows apart, and SitemapKit's first start after it is its own. The last "
                            + PROCESSES + " run"
                            + " with the dynamic class-data archive that one such run wrote"
                            + " (`-XX:ArchiveClassesAtExit`, then `-XX:SharedArchiveFile`). Target: 50 ms.%n%n"
                            + "| start | runs | to a page's first byte, median (min–max) | to the index's first byte |%n"
                            + "|---|--:|--:|--:|%n%s%n"
                            + "Every run:%n%n"
                            + "| process | start | to a page's first byte | to the index's first byte |%n"
                            + "|--:|---|--:|--:|%n%s",
                    urls,
                    fill,
                    table,
                    rows);
        } finally {
            Main.deleteTree(dir);
            Main.deleteTree(cdsDir);
        }
    }

    /** The median and range of column {@code i}, in ms; empty when not measured. */
    static String spread(List<double[]> runs, int i) {
        List<Double> v = runs.stream()
                .map(r -> r[i])
                .filter(d -> !Double.isNaN(d))
                .sorted()
                .toList();
        if (v.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "%.1f ms (%.1f–%.1f)", Main.Timing.median(v), v.get(0), v.get(v.size() - 1));
    }

    /** Runs this class in a JVM of its own and returns the last line it printed. */
    private static String child(List<String> jvm, String... args) throws Exception {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g"));
        command.addAll(jvm);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), StoresBench.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String last = "";
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("RESULT ")) {
                    last = line.substring("RESULT ".length());
                }
            }
        }
        if (!p.waitFor(15, TimeUnit.MINUTES) || p.exitValue() != 0 || last.isEmpty()) {
            p.destroyForcibly();
            throw new IllegalStateException("child " + String.join(" ", args) + " failed: " + last);
        }
        return last;
    }

    /**
     * A node over the disk store in {@code dir}: {@code fill} renders every page into it and reports
     * how long that took; otherwise it reports the times from the filter's start to the first byte
     * of page 1 and of the index. Either way it then stops.
     */
    static void childRestart(long urls, Path dir, String mode) throws Exception {
        boolean fill = mode.equals("fill");
        Server server = new Server();
        ServerConnector connector = Serving.connector(server);
        ContextHandlerCollection contexts = new ContextHandlerCollection();
        server.setHandler(contexts);
        server.start();
        AtomicInteger renders = new AtomicInteger();
        try {
            String base = "http://127.0.0.1:" + connector.getLocalPort();
            if (fill) {
                long start = System.nanoTime();
                deploy(contexts, urls, dir, renders);
                firstByteMillis(start, base + "/sitemap.xml");
                int pages = Workload.pages(urls);
                firstByteMillis(start, base + "/sitemap-products-" + pages + ".xml");
                System.out.printf(
                        Locale.ROOT,
                        "RESULT rendered in %,d ms by the first node%n",
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                return;
            }
            // a new JVM: the first start loads every class the filter and the server use
            StringBuilder result = new StringBuilder();
            if (mode.equals("floor-first")) {
                long[] floorStart = new long[1];
                ServletContextHandler floor = deployFloor(contexts, floorStart);
                result.append(String.format(
                        Locale.ROOT, "%.1f ", firstByteMillisExact(floorStart[0], base + "/floor/constant.xml")));
                floor.stop();
                contexts.removeHandler(floor);
            }
            for (int run = 0; run < 1 + RESTARTS; run++) {
                long[] filterStart = new long[1];
                ServletContextHandler context = deploy(contexts, urls, dir, renders, filterStart);
                double page = firstByteMillisExact(filterStart[0], base + "/sitemap-products-1.xml");
                double index = firstByteMillisExact(filterStart[0], base + "/sitemap.xml");
                result.append(String.format(Locale.ROOT, "%s%.1f/%.1f", run == 0 ? "" : " ", page, index));
                context.stop();
                contexts.removeHandler(context);
            }
            if (renders.get() != 0) {
                throw new IllegalStateException("a restarted application rendered instead of reading the disk store");
            }
            System.out.println("RESULT " + result);
        } finally {
            server.stop();
        }
    }

    private static ServletContextHandler deploy(
            ContextHandlerCollection contexts, long urls, Path dir, AtomicInteger renders, long... filterStart)
            throws Exception {
        return deploy(contexts, products(urls, renders), dir, filterStart);
    }

    /** Starts an application on {@code /} of {@code contexts}: the filter over {@code source} in a disk store in {@code dir}. */
    static ServletContextHandler deploy(
            ContextHandlerCollection contexts, UrlSource source, Path dir, long... filterStart) throws Exception {
        return deploy(contexts, source, dir, Map.of(), filterStart);
    }

    /** {@link #deploy(ContextHandlerCollection, UrlSource, Path, long...)} with more of the filter's init parameters. */
    static ServletContextHandler deploy(
            ContextHandlerCollection contexts,
            UrlSource source,
            Path dir,
            Map<String, String> initParameters,
            long... filterStart)
            throws Exception {
        ServletContextHandler context = sitemapContext(() -> PageStore.disk(dir), source, filterStart);
        initParameters.forEach(context::setInitParameter);
        contexts.addHandler(context);
        context.start();
        return context;
    }

    /**
     * A node's application on {@code /}: SitemapKit's filter over the pages of {@code products(urls)}
     * in the store {@code store} makes when the context starts. {@code filterStart}, when given,
     * gets the time just before the filter's {@code init}.
     */
    private static ServletContextHandler sitemapContext(
            Supplier<PageStore> store, long urls, AtomicInteger renders, long... filterStart) {
        return sitemapContext(store, products(urls, renders), filterStart);
    }

    private static ServletContextHandler sitemapContext(
            Supplier<PageStore> store, UrlSource source, long... filterStart) {
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.setInitParameter("sitemapkit.base-url", SITE.base());
        KitEngine.installFilter(context, kit -> {
            kit.store(store.get()).register(source);
            if (filterStart.length > 0) {
                filterStart[0] = System.nanoTime(); // the filter's init comes next
            }
        });
        return context;
    }

    /**
     * The floor of a cold start: a context whose filter answers a constant gzip page, its start
     * time recorded where SitemapKit's is, just before the filter's {@code init}.
     */
    private static ServletContextHandler deployFloor(ContextHandlerCollection contexts, long[] filterStart)
            throws Exception {
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/floor");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(bytes)) {
            out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset/>\n".getBytes(StandardCharsets.UTF_8));
        }
        byte[] body = bytes.toByteArray();
        context.addEventListener(new ServletContextListener() {
            @Override
            public void contextInitialized(ServletContextEvent e) {
                filterStart[0] = System.nanoTime();
            }
        });
        context.addFilter(
                new org.eclipse.jetty.ee10.servlet.FilterHolder((jakarta.servlet.Filter) (req, res, chain) -> {
                    jakarta.servlet.http.HttpServletResponse response = (jakarta.servlet.http.HttpServletResponse) res;
                    response.setContentType("application/xml; charset=UTF-8");
                    response.setHeader("Content-Encoding", "gzip");
                    response.setContentLength(body.length);
                    response.getOutputStream().write(body);
                }),
                "/*",
                EnumSet.of(DispatcherType.REQUEST));
        contexts.addHandler(context);
        context.start();
        return context;
    }

    /** Milliseconds from {@code startNanos} to the first byte of {@code url}, asked once. */
    static double firstByteMillisExact(long startNanos, String url) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        c.setRequestProperty("Accept-Encoding", "gzip");
        try (InputStream in = c.getInputStream()) {
            if (c.getResponseCode() != 200 || in.read() < 0) {
                throw new IOException(url + " answered " + c.getResponseCode());
            }
            return (System.nanoTime() - startNanos) / 1e6;
        }
    }

    /** A node: Jetty on {@code http} with the filter over a {@code kind} store; runs until killed. */
    static void childServe(String kind, long urls, Path dir, int http, int hzPort, int keeperPort) throws Exception {
        PageStore store = switch (kind) {
            case "disk" -> PageStore.disk(dir);
            case "jcache" ->
                PageStore.jcache(
                        cacheManager(Hazelcast.newHazelcastInstance(member("restart", hzPort, keeperPort))),
                        "sitemapkit");
            default -> PageStore.memory();
        };
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(http);
        server.addConnector(connector);
        server.setHandler(sitemapContext(() -> store, urls, new AtomicInteger()));
        server.start();
        server.join();
    }

    /**
     * Two nodes sharing one Hazelcast cluster (each its own member on 127.0.0.1), a 2 s cache-ttl,
     * and both asked for the sitemap every 50 ms for {@code seconds}: the renders each store makes.
     */
    static String rendersPerRefresh(int seconds) throws Exception {
        StringBuilder out = new StringBuilder(
                        "Renders per refresh, two nodes asked for `/sitemap.xml` every 50 ms for ")
                .append(seconds)
                .append(
                        " s with `cache-ttl=2s` (10,000 URLs):\n\n| store | renders | refreshes (s / ttl) | renders per refresh |\n|---|--:|--:|--:|\n");
        for (String kind : List.of("memory", "jcache")) {
            AtomicInteger renders = new AtomicInteger();
            List<HazelcastInstance> members = new ArrayList<>();
            List<SitemapService> nodes = new ArrayList<>();
            int[] ports = {Serving.freePort(), Serving.freePort()};
            for (int i = 0; i < 2; i++) {
                SectionStore store;
                if (kind.equals("jcache")) {
                    HazelcastInstance m = Hazelcast.newHazelcastInstance(member("refresh", ports[i], ports));
                    members.add(m);
                    store = new JCachePageStore(cacheManager(m), "sitemapkit");
                } else {
                    store = new MemoryPageStore();
                }
                nodes.add(new SitemapService(
                        Settings.builder()
                                .baseUrl(SITE)
                                .cacheTtl(Duration.ofSeconds(2))
                                .build(),
                        site(10_000, renders),
                        store));
            }
            while (!members.isEmpty()
                    && members.get(0).getCluster().getMembers().size() < 2) {
                Thread.sleep(100);
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < end) {
                for (SitemapService node : nodes) {
                    node.root(SITE);
                }
                Thread.sleep(50);
            }
            nodes.forEach(SitemapService::close);
            members.forEach(HazelcastInstance::shutdown);
            double refreshes = seconds / 2.0;
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %.0f | %.2f |%n",
                    kind,
                    renders.get(),
                    refreshes,
                    renders.get() / refreshes));
        }
        return out.toString();
    }

    static Config member(String cluster, int port, int... members) {
        Config config = new Config().setClusterName("sitemapkit-bench-" + cluster);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "none");
        config.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig join = config.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).addMember("127.0.0.1:" + port);
        for (int m : members) {
            join.getTcpIpConfig().addMember("127.0.0.1:" + m);
        }
        return config;
    }

    /** One caching provider per member: in one JVM the JCache registry would share one manager. */
    static CacheManager cacheManager(HazelcastInstance member) {
        return new com.hazelcast.cache.impl.HazelcastServerCachingProvider(member).getCacheManager();
    }

    /** The time to the first byte of {@code url}, polling until it answers. */
    static long firstByteMillis(long startNanos, String url) throws InterruptedException {
        while (true) {
            try {
                HttpURLConnection c =
                        (HttpURLConnection) URI.create(url).toURL().openConnection();
                c.setRequestProperty("Accept-Encoding", "gzip");
                try (InputStream in = c.getInputStream()) {
                    if (in.read() >= 0) {
                        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
                    }
                }
            } catch (IOException e) {
                Thread.sleep(10);
            }
        }
    }

    // ---- The cluster: freshness across nodes, and a takeover after a node dies mid-render ----

    /** Where the cluster section begins and ends in the report, so that {@code --cluster-only} replaces it alone. */
    static final String CLUSTER_BEGIN = "<!-- cluster: written by StoresBench; --cluster-only replaces it -->";

    static final String CLUSTER_END = "<!-- /cluster -->";

    /** How much more than node A node B may take to serve a change A acknowledged. */
    static final double CLUSTER_TARGET_MS = 100;

    /**
     * {@code --cluster-only [--urls N] [--touches N] [--takeover-urls N] [--takeovers N] [--out FILE]}: runs the
     * cluster section alone and writes it into {@code FILE} (BENCHMARKS-stores.md), replacing the section there
     * or adding it at the end.
     */
    static void clusterOnly(List<String> args) throws Exception {
        String section = cluster(
                "org.sitemapkit.bench.StoresBench " + String.join(" ", args),
                longArg(args, "--urls", 1_000_000),
                (int) longArg(args, "--touches", 20),
                longArg(args, "--takeover-urls", 1_000_000),
                (int) longArg(args, "--takeovers", 5));
        System.out.println(section);
        int out = args.indexOf("--out");
        Path file = Path.of(out >= 0 ? args.get(out + 1) : "BENCHMARKS-stores.md");
        String old = Files.exists(file) ? Files.readString(file) : "";
        Files.writeString(file, replaceCluster(old, section));
        System.out.println("wrote the cluster section of " + file);
    }

    static long longArg(List<String> args, String name, long otherwise) {
        int i = args.indexOf(name);
        return i >= 0 ? Long.parseLong(args.get(i + 1).replace("_", "")) : otherwise;
    }

    /** {@code report} with its cluster section (between the markers) replaced by {@code section}, or it added. */
    static String replaceCluster(String report, String section) {
        return replaceSection(report, CLUSTER_BEGIN, CLUSTER_END, section);
    }

    /** {@code report} with the text from {@code beginMarker} to {@code endMarker} replaced by {@code section}, or it added. */
    static String replaceSection(String report, String beginMarker, String endMarker, String section) {
        int begin = report.indexOf(beginMarker);
        int end = report.indexOf(endMarker);
        if (begin >= 0 && end > begin) {
            return report.substring(0, begin) + section + report.substring(end + endMarker.length());
        }
        return report.isEmpty() || report.endsWith("\n\n")
                ? report + section
                : report + (report.endsWith("\n") ? "\n" : "\n\n") + section;
    }

    /** The cluster section of the report, between its markers; {@code command} ran it. */
    static String cluster(String command, long urls, int touches, long takeoverUrls, int takeovers) throws Exception {
        long start = System.nanoTime();
        long[] jiffies = Machine.cpuJiffies();
        long cpu = Machine.processCpuNanos();
        String loadBefore = Machine.loadAverage();
        StringBuilder out = new StringBuilder(CLUSTER_BEGIN).append("\n");
        out.append(String.format(
                Locale.ROOT,
                "Two nodes in one JVM, each a `SitemapService` with an embedded Hazelcast %s member of its own on"
                        + " 127.0.0.1 and a `JCachePageStore` over it, with the default settings but `base-url`"
                        + " (render-lease %d s, renewed every %d ms; a node sweeps for changes left by stopped nodes"
                        + " every 500 ms and hears other nodes' commits by JCache entry events). The section is"
                        + " FreshnessBench's stable `products` of an in-process H2 table (the workload's paths and"
                        + " lastmods), which both nodes read. Command: `java -cp"
                        + " benchmarks/target/sitemapkit-benchmarks.jar %s` (`--cluster-only` writes this section"
                        + " alone).%n%n",
                BuildInfoProvider.getBuildInfo().getVersion(),
                Settings.defaults().timing().renderLease().toSeconds(),
                Math.max(50, Settings.defaults().timing().renderLease().toMillis() / 3),
                command.trim()));
        JdbcDataSource db = FreshnessBench.database(Math.max(urls, takeoverUrls));
        try {
            out.append(clusterFreshness(db, urls, touches)).append("\n");
            out.append(takeovers(db, takeoverUrls, takeovers));
        } finally {
            FreshnessBench.drop(db);
        }
        double wall = (System.nanoTime() - start) / 1e9;
        out.append(String.format(
                Locale.ROOT,
                "%nThe whole section took %.0f s to measure, on %d cores, while other processes kept %.2f cores busy"
                        + " on average (load average %s before, %s after).%n",
                wall,
                Machine.cores(),
                Machine.otherCores(jiffies, Machine.cpuJiffies(), (Machine.processCpuNanos() - cpu) / 1e9, wall),
                loadBefore,
                Machine.loadAverage()));
        return out.append(CLUSTER_END).append("\n").toString();
    }

    /**
     * One node of a two-node cluster in this JVM: a Hazelcast member of its own on 127.0.0.1, a JCache
     * store over it and a service with threads this harness owns (the store's cache calls on them too, as
     * the filter sets it up), over FreshnessBench's stable products of {@code db}, ids up to {@code urls}.
     * Its source counts the renders that read it and can be made to fail, as a killed node reads nothing
     * more, or to pause every 1,000 rows.
     */
    private static final class Node {
        final HazelcastInstance member;
        /** The member's cache manager, the store's: a cache proxy belongs to one manager. */
        final CacheManager caches;

        final JCachePageStore store;
        final Threads threads = Threads.of(null);
        final SitemapService service;
        /** Reads of the whole section (the key range unbounded), and of one page's range. */
        final AtomicInteger wholeReads = new AtomicInteger();

        final AtomicInteger pageReads = new AtomicInteger();
        /** {@code System.nanoTime()} when a render first read the whole section; 0 before. */
        final AtomicLong firstWholeRead = new AtomicLong();
        /** When this node's member saw the other leave the cluster; 0 before. */
        final AtomicLong otherLeft = new AtomicLong();

        private final JdbcDataSource db;
        private final long urls;
        private volatile boolean dead;
        /** Nanoseconds the source pauses every 1,000 rows. */
        private volatile long pause;

        Node(Config config, JdbcDataSource db, long urls) {
            this.db = db;
            this.urls = urls;
            member = Hazelcast.newHazelcastInstance(config);
            member.getCluster().addMembershipListener(new MembershipListener() {
                @Override
                public void memberAdded(MembershipEvent e) {}

                @Override
                public void memberRemoved(MembershipEvent e) {
                    otherLeft.compareAndSet(0, System.nanoTime());
                }
            });
            caches = cacheManager(member);
            store = new JCachePageStore(caches, "sitemapkit");
            store.threads(threads);
            service = new SitemapService(
                    Settings.builder().baseUrl(SITE).build(),
                    new UrlSources().register(FreshnessBench.products(this::rows)),
                    store,
                    threads);
        }

        private Stream<FreshnessBench.Row> rows(Site site, long from, long to) throws SQLException {
            if (dead) {
                throw new IllegalStateException("the node was killed");
            }
            if (from == Long.MIN_VALUE && to == Long.MAX_VALUE) {
                firstWholeRead.compareAndSet(0, System.nanoTime());
                wholeReads.incrementAndGet();
            } else {
                pageReads.incrementAndGet();
            }
            return FreshnessBench.rows(db, Math.max(from, 1), Math.min(to, urls))
                    .peek(r -> {
                        if (dead) {
                            throw new IllegalStateException("the node was killed");
                        }
                        if (pause > 0 && r.id() % 1000 == 0) {
                            LockSupport.parkNanos(pause);
                        }
                    });
        }

        /**
         * Dies as a process does, without {@code stop}: its threads go at once (renders, deadlines, lease
         * renewals, the sweep, and the store's cache calls, which run on them), its source fails, and its
         * member is terminated without a goodbye to the cluster. Nothing gives its lease back.
         */
        void kill() {
            threads.close();
            dead = true;
            member.getLifecycleService().terminate();
        }

        /**
         * Stops as an application does, in the filter's order: {@code stop()}, the threads, the service,
         * the store, then the member leaves.
         *
         * @return what {@code service.close()} threw, or null
         */
        RuntimeException stop() {
            service.stop();
            threads.close();
            RuntimeException thrown = null;
            try {
                service.close();
            } catch (RuntimeException e) {
                thrown = e;
                System.out.println("  service.close() after stop() and threads.close() threw " + e);
                e.printStackTrace(System.out);
            }
            store.close();
            member.shutdown();
            return thrown;
        }

        /** Whatever is left of the node after a measurement, quietly. */
        void end() {
            dead = true;
            threads.close();
            store.close();
            member.getLifecycleService().terminate();
        }
    }

    /** Two nodes of a new cluster named {@code name}, each a member of its own, once they see each other. */
    private static List<Node> cluster(String name, JdbcDataSource db, long urls) throws Exception {
        int[] ports = {Serving.freePort(), Serving.freePort()};
        String cluster = name + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        List<Node> nodes = new ArrayList<>();
        try {
            for (int port : ports) {
                nodes.add(new Node(member(cluster, port, ports), db, urls));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (nodes.stream()
                    .anyMatch(n -> n.member.getCluster().getMembers().size() < 2)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the two members did not see each other within 60 s");
                }
                Thread.sleep(20);
            }
            return nodes;
        } catch (Exception | Error e) {
            nodes.forEach(Node::end);
            throw e;
        }
    }

    /** Asks {@code node} for the section until it serves it (503s while its first render runs), for up to 5 minutes. */
    private static RenderedSection served(Node node) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (true) {
            try {
                return node.service.section(SITE, KitEngine.SECTION);
            } catch (UnavailableException e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the section was not served within 5 minutes", e);
                }
                Thread.sleep(50);
            }
        }
    }

    /**
     * Cross-node freshness: after a warm, fully served section, {@code touches} times a random product's
     * {@code updated} is set to now and {@code invalidate(section, id)} called on node A; both nodes are then
     * asked for the page holding it every millisecond (in turn, the first of them alternating) until each
     * serves bytes with the new lastmod. Two warm-up touches first.
     */
    static String clusterFreshness(JdbcDataSource db, long urls, int touches) throws Exception {
        List<Node> nodes = cluster("fresh", db, urls);
        Node a = nodes.get(0);
        Node b = nodes.get(1);
        List<double[]> runs = new ArrayList<>(); // A, B, invalidate's return, all in ms from the call
        StringBuilder each = new StringBuilder();
        int stale = 0; // a new page on a node without the change: a bug
        int pages;
        long firstRender;
        int[] readsBefore;
        try {
            long t0 = System.nanoTime();
            RenderedSection warm = served(a);
            firstRender = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            if (warm.urlCount() != urls) {
                throw new IllegalStateException("the section has " + warm.urlCount() + " URLs, not " + urls);
            }
            pages = warm.pages().size();
            for (Node n : nodes) { // every page served once by each node: both hold the section
                for (int p = 1; p <= pages; p++) {
                    n.service.page(SITE, KitEngine.SECTION, p).orElseThrow().gzip();
                }
            }
            readsBefore = new int[] {a.pageReads.get(), b.pageReads.get(), a.wholeReads.get(), b.wholeReads.get()};
            SplittableRandom random = new SplittableRandom(26);
            Set<Long> touched = new HashSet<>();
            for (int t = 0; t < touches + 2; t++) {
                long id;
                do {
                    id = 1 + random.nextLong(urls);
                } while (!touched.add(id)); // a product touched once, so its new lastmod shows a new render
                long[] firstKeys = a.service.section(SITE, KitEngine.SECTION).boundaries();
                int page = 0;
                while (page + 1 < firstKeys.length && firstKeys[page + 1] <= id) {
                    page++;
                }
                String[] before = new String[2];
                for (int i = 0; i < 2; i++) {
                    before[i] = nodes.get(i)
                            .service
                            .page(SITE, KitEngine.SECTION, page + 1)
                            .orElseThrow()
                            .etag();
                }
                FreshnessBench.touch(db, id);
                long called = System.nanoTime();
                a.service.invalidate(KitEngine.SECTION, id);
                long returned = System.nanoTime();
                long[] fresh = new long[2];
                long deadline = called + TimeUnit.SECONDS.toNanos(30);
                for (int round = 0; fresh[0] == 0 || fresh[1] == 0; round++) {
                    for (int k = 0; k < 2; k++) {
                        int i = (k + round) % 2;
                        if (fresh[i] != 0) {
                            continue;
                        }
                        CachedPage now = nodes.get(i)
                                .service
                                .page(SITE, KitEngine.SECTION, page + 1)
                                .orElseThrow();
                        if (!now.etag().equals(before[i])) {
                            byte[] gz = now.gzip();
                            long at = System.nanoTime();
                            if (FreshnessBench.touched(FreshnessBench.gunzip(gz), id)) {
                                fresh[i] = at;
                            } else {
                                stale++;
                                before[i] = now.etag();
                            }
                        }
                    }
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("product " + id + " was not served by "
                                + (fresh[0] == 0 ? "A" : "B") + " within 30 s of the change");
                    }
                    Thread.sleep(1);
                }
                double[] ms = {(fresh[0] - called) / 1e6, (fresh[1] - called) / 1e6, (returned - called) / 1e6};
                if (t >= 2) {
                    runs.add(ms);
                    each.append(String.format(
                            Locale.ROOT,
                            "| %d | %,d | %d | %.1f ms | %.1f ms | %.1f ms | %.1f ms |%n",
                            runs.size(),
                            id,
                            page + 1,
                            ms[2],
                            ms[0],
                            ms[1],
                            ms[1] - ms[0]));
                }
                System.out.printf(
                        Locale.ROOT,
                        "  cluster touch %d (page %d): A %.1f ms, B %.1f ms%s%n",
                        id,
                        page + 1,
                        ms[0],
                        ms[1],
                        t < 2 ? " (warm-up)" : "");
                Thread.sleep(300); // apart, as changes mostly come
            }
        } finally {
            for (Node n : nodes) {
                n.service.close();
                n.end();
            }
        }
        List<Double> aMs = runs.stream().map(r -> r[0]).toList();
        List<Double> bMs = runs.stream().map(r -> r[1]).toList();
        List<Double> gap = runs.stream().map(r -> r[1] - r[0]).sorted().toList();
        List<Double> ret = runs.stream().map(r -> r[2]).toList();
        double[] ci = medianInterval(gap);
        String verdict = ci == null
                ? "inconclusive (too few touches for a 95% interval)"
                : ci[1] < CLUSTER_TARGET_MS ? "met" : ci[0] > CLUSTER_TARGET_MS ? "not met" : "inconclusive";
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "Cross-node freshness: a stable section of %,d URLs in %d pages (first render %,d ms on A); after"
                        + " both nodes served every page, a random product's `updated` is set to now and"
                        + " `invalidate(\"products\", id)` called on node A; from that call, both nodes are asked"
                        + " (`service.page(site, \"products\", n)` in process, the page holding the product, about"
                        + " every millisecond, the first of the two alternating) until each serves bytes with the"
                        + " product's new lastmod. %d touches after 2 warm-up touches, 300 ms apart. The figure the"
                        + " target is about is B − A per touch: B serves a change at most %.0f ms after A does,"
                        + " judged on the 95%% interval of its median.%n%n"
                        + "| | median | max |%n|---|--:|--:|%n"
                        + "| `invalidate` returns on A | %.1f ms | %.1f ms |%n"
                        + "| A serves the change | %.1f ms | %.1f ms |%n"
                        + "| B serves the change | %.1f ms | %.1f ms |%n"
                        + "| **B − A**, per touch | **%.1f ms** | %.1f ms |%n%n",
                urls,
                pages,
                firstRender,
                runs.size(),
                CLUSTER_TARGET_MS,
                Main.Timing.median(ret),
                max(ret),
                Main.Timing.median(aMs),
                max(aMs),
                Main.Timing.median(bMs),
                max(bMs),
                Main.Timing.median(gap),
                max(gap)));
        if (ci != null) {
            out.append(String.format(
                    Locale.ROOT,
                    "B − A: median %.1f ms, %.1f%% interval of the median %.1f–%.1f ms (order statistics %d and %d of"
                            + " %d, distribution-free); target B − A ≤ %.0f ms: **%s**.%n%n",
                    Main.Timing.median(gap),
                    ci[2] * 100,
                    ci[0],
                    ci[1],
                    (int) ci[3],
                    gap.size() + 1 - (int) ci[3],
                    gap.size(),
                    CLUSTER_TARGET_MS,
                    verdict));
        } else {
            out.append("B − A: **" + verdict + "**.\n\n");
        }
        out.append(String.format(
                Locale.ROOT,
                "Source reads during the touches (warm-ups included): A %d page ranges and %d whole sections, B %d page ranges and %d"
                        + " whole sections%s.%n%n",
                a.pageReads.get() - readsBefore[0],
                a.wholeReads.get() - readsBefore[2],
                b.pageReads.get() - readsBefore[1],
                b.wholeReads.get() - readsBefore[3],
                stale == 0 ? "" : "; " + stale + " times a node served a new page without the change"));
        out.append("| touch | product | page | `invalidate` returned | A serves it | B serves it | B − A |\n")
                .append("|--:|--:|--:|--:|--:|--:|--:|\n")
                .append(each);
        return out.toString();
    }

    static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /**
     * A distribution-free 95% interval for the median of {@code sorted}: its order statistics k and n + 1 − k
     * for the largest k with P(Binomial(n, ½) ≤ k − 1) ≤ 2.5%; null below 6 values.
     *
     * @return the lower and upper bounds, the interval's exact coverage, and k
     */
    static double[] medianInterval(List<Double> sorted) {
        int n = sorted.size();
        double below = 0; // P(Binomial(n, 1/2) <= k - 1)
        double term = Math.pow(0.5, n); // P(Binomial(n, 1/2) = k)
        int k = 0;
        while (k < n && below + term <= 0.025) {
            below += term;
            term = term * (n - k) / (k + 1);
            k++;
        }
        return k == 0 ? null : new double[] {sorted.get(k - 1), sorted.get(n - k), 1 - 2 * below, k};
    }

    /** How node A leaves while it renders, in a takeover run. */
    private enum Leave {
        KILL("killed: threads closed, member `terminate()`d, no `stop`"),
        STOP_FIRST_RENDER("graceful: `stop()` in the first render, then closed"),
        STOP_CHANGES("graceful: `stop()` in a render of an acknowledged change, then closed");

        final String label;

        Leave(String label) {
            this.label = label;
        }
    }

    /**
     * One takeover, in ms from the moment A was killed or its stop called ({@code leftAtMs} into A's render):
     * how long that call took, what the lease did, when B's Hazelcast member saw A's leave the cluster (NaN if
     * it did not), when B's source was first read for the whole section and when B served it; the
     * whole-section reads of each node's source, and the 503s B's request met.
     */
    private record Takeover(
            Leave how,
            long leftAtMs,
            double callMs,
            Seen lease,
            double memberLeftMs,
            double renderMs,
            double servedMs,
            int aWholeReads,
            int bWholeReads,
            int unavailable,
            String closeThrew) {
        /** Whether B rendered: else A's render had ended before A left, and there was nothing to take over. */
        boolean tookOver() {
            return bWholeReads > 0;
        }
    }

    /**
     * Node A renders the section (a cold first render, asked by a request, or the render of an acknowledged
     * change to the whole section), node B is asked for it meanwhile, and A leaves 1 s into its render: killed
     * {@code runs} times, then stopped gracefully, in the first render at 1 s and at 1.5 s (half-way between
     * two renewals of its lease) and in a render of a change at 1 s; a new cluster each time.
     */
    static String takeovers(JdbcDataSource db, long urls, int runs) throws Exception {
        List<Takeover> all = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            all.add(takeover(db, urls, Leave.KILL, 1000));
        }
        all.add(takeover(db, urls, Leave.STOP_FIRST_RENDER, 1000));
        all.add(takeover(db, urls, Leave.STOP_FIRST_RENDER, 1500));
        all.add(takeover(db, urls, Leave.STOP_CHANGES, 1000));
        long lease = Settings.defaults().timing().renderLease().toMillis();
        long renewal = Math.max(50, lease / 3);
        List<Takeover> kills =
                all.stream().filter(t -> t.how() == Leave.KILL && t.tookOver()).toList();
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "Takeover after a node leaves mid-render: the same stable section, here of %,d URLs so that a"
                        + " render takes a few seconds (B's render from H2 took %s, median of the killed runs),"
                        + " render-lease %,d ms (the default), renewed every %,d ms from when it is taken, just"
                        + " before the render reads its source. Node A is asked for the section, cold, and node B"
                        + " is asked for it as soon as A's render has read its first rows, as a request waiting on"
                        + " another node's render is (B asks again after a 503). Then A leaves. Killed, 1 s into its"
                        + " render: its threads are closed (renders, lease renewals, the sweep, and the store's"
                        + " cache calls, which run on them), its source fails, and its Hazelcast member is"
                        + " `terminate()`d (no goodbye to the cluster), without `stop`: nothing gives the lease"
                        + " back, so B has to see it lapse, %,d ms after B first saw A's last renewal, on B's own"
                        + " clock; B looks again every %d ms while it waits. 1 s into the render is also about when"
                        + " A renews its lease, so the last renewal is close to the kill, the slow case. Gracefully,"
                        + " A's application stops as the filter's does: `stop()` (stop-wait, %d s),"
                        + " its threads closed, the service and store closed, the member shut down. A first render"
                        + " carries no acknowledged change, so `stop` does not wait for it and gives the lease back"
                        + " at once; this runs at 1 s (a renewal due) and at 1.5 s (between two renewals). In the"
                        + " last run A instead renders an acknowledged change (`invalidate(\"products\")` on a warm"
                        + " section, A's source slowed to about %d s so the render cannot finish within the wait)"
                        + " while B serves the old pages; B's figures there are to its first read of the source"
                        + " (its sweep finds the change A left) and to serving the new render. Times are from the"
                        + " kill or the `stop` call; a new two-member cluster each run. The lease columns come from"
                        + " a thread that reads the lease in the cache through B's member every 2 ms: A's last"
                        + " write of it (a renewal; negative: before A left) and B's first.%n%n"
                        + "| run | how A left | into A's render | A's call took | B's member saw A leave | A's last"
                        + " lease write | B took the lease | B starts its render | B serves the section | whole"
                        + " renders A / B | B's 503s |%n"
                        + "|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|%n",
                urls,
                ms(Main.Timing.median(
                        kills.stream().map(t -> t.servedMs() - t.renderMs()).toList())),
                lease,
                renewal,
                lease,
                FOLLOW_MILLIS,
                SettingsTable.STOP_WAIT.defaultValue().toSeconds(),
                CHANGE_RENDER_SECONDS));
        StringBuilder leases = new StringBuilder();
        for (int i = 0; i < all.size(); i++) {
            Takeover t = all.get(i);
            out.append(String.format(
                    Locale.ROOT,
                    "| %d | %s%s | %,d ms | %s | %s | %s | %s | %s | %s | %d / %d | %d |%n",
                    i + 1,
                    t.how().label,
                    (t.tookOver() ? "" : " (A's render ended before A left: no takeover)")
                            + (t.closeThrew() == null ? "" : " (`service.close()` threw " + t.closeThrew() + ")"),
                    t.leftAtMs(),
                    ms(t.callMs()),
                    ms(t.memberLeftMs()),
                    ms(t.lease().renewedMs()),
                    ms(t.lease().takenMs()),
                    ms(t.renderMs()),
                    ms(t.servedMs()),
                    t.aWholeReads(),
                    t.bWholeReads(),
                    t.unavailable()));
            leases.append(String.format(
                    Locale.ROOT,
                    "| %d | %s | %s | %s |%n",
                    i + 1,
                    ms(t.lease().takenMs() - t.lease().renewedMs()),
                    t.lease().after(),
                    ms(t.lease().longestReadMs())));
        }
        out.append(String.format(
                Locale.ROOT,
                "%nKilled, median of the %d runs B took over: B's member saw A leave after %s; B took the lease %s after A's last"
                        + " write of it (the lease is %,d ms), started its render %s after the kill and served the"
                        + " section %s after it.%n%n",
                kills.size(),
                ms(Main.Timing.median(kills.stream().map(Takeover::memberLeftMs).toList())),
                ms(Main.Timing.median(kills.stream()
                        .map(t -> t.lease().takenMs() - t.lease().renewedMs())
                        .toList())),
                lease,
                ms(Main.Timing.median(kills.stream().map(Takeover::renderMs).toList())),
                ms(Main.Timing.median(kills.stream().map(Takeover::servedMs).toList()))));
        out.append("The lease in each run, as B's member read it, in ms from A's leave:\n\n")
                .append("| run | B took it after A's last write | after A left | longest read of it after A left |\n")
                .append("|--:|--:|---|--:|\n")
                .append(leases);
        return out.toString();
    }

    private static String ms(double ms) {
        return Double.isNaN(ms) ? "–" : String.format(Locale.ROOT, "%,.0f ms", ms);
    }

    /** How often a node waiting for another's render looks at the store again (core's {@code SectionState.FOLLOW_MILLIS}). */
    private static final long FOLLOW_MILLIS = 200;

    /** About how long A's paced render of a change takes, longer than {@code stop-wait} and the 1 s before the stop. */
    private static final int CHANGE_RENDER_SECONDS = 12;

    /** One takeover run on a new cluster. */
    private static Takeover takeover(JdbcDataSource db, long urls, Leave how, long leaveAtMillis) throws Exception {
        List<Node> nodes = cluster("takeover", db, urls);
        Node a = nodes.get(0);
        Node b = nodes.get(1);
        List<Thread> asking = new ArrayList<>();
        try {
            String before = null;
            if (how == Leave.STOP_CHANGES) {
                served(a);
                before = served(b).version();
                b.firstWholeRead.set(0);
                a.pause = TimeUnit.SECONDS.toNanos(CHANGE_RENDER_SECONDS) / Math.max(1, urls / 1000);
                int reads = a.wholeReads.get();
                a.firstWholeRead.set(0);
                a.service.invalidate(KitEngine.SECTION);
                await(() -> a.wholeReads.get() > reads, "A's render of the change did not start");
            } else {
                asking.add(ask(() -> a.service.section(SITE, KitEngine.SECTION)));
                await(() -> a.firstWholeRead.get() != 0, "A's first render did not start");
            }
            LeaseWatch watch = new LeaseWatch(b.caches);
            long aStarted = a.firstWholeRead.get();
            long[] servedAt = {0};
            AtomicInteger unavailable = new AtomicInteger();
            String old = before;
            Thread askB = ask(() -> {
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
                while (System.nanoTime() < deadline) {
                    try {
                        RenderedSection s = b.service.section(SITE, KitEngine.SECTION);
                        if (s.urlCount() == urls && !s.version().equals(old)) {
                            b.service
                                    .page(SITE, KitEngine.SECTION, 1)
                                    .orElseThrow()
                                    .gzip();
                            servedAt[0] = System.nanoTime();
                            return null;
                        }
                        Thread.sleep(5); // B serves the old pages meanwhile: asked again, as requests come
                    } catch (UnavailableException e) {
                        unavailable.incrementAndGet();
                        Thread.sleep(20);
                    }
                }
                return null;
            });
            asking.add(askB);
            LockSupport.parkNanos(aStarted + TimeUnit.MILLISECONDS.toNanos(leaveAtMillis) - System.nanoTime());
            long left = System.nanoTime();
            RuntimeException thrown = null;
            if (how == Leave.KILL) {
                a.kill();
            } else {
                thrown = a.stop();
            }
            long done = System.nanoTime();
            askB.join(TimeUnit.MINUTES.toMillis(3));
            Seen lease = watch.end(left);
            Takeover t = new Takeover(
                    how,
                    leaveAtMillis,
                    (done - left) / 1e6,
                    lease,
                    since(left, b.otherLeft.get()),
                    since(left, b.firstWholeRead.get()),
                    since(left, servedAt[0]),
                    a.wholeReads.get(),
                    b.wholeReads.get(),
                    unavailable.get(),
                    thrown == null ? null : thrown.getClass().getSimpleName());
            System.out.printf(Locale.ROOT, "  %s%n", t);
            return t;
        } finally {
            b.service.close();
            b.end();
            a.end();
            for (Thread t : asking) {
                t.join(TimeUnit.SECONDS.toMillis(30));
            }
        }
    }

    /**
     * Watches the section's render lease in the cache through a member, every 2 ms, on a thread of its own:
     * each change of its string (a node that takes or renews it writes a new one, {@code owner renewal
     * millis}) with the owner, and the longest a read took.
     */
    private static final class LeaseWatch {
        /** The lease's key, as the JCache store lays it out: {@code s|} and the site's base and the section. */
        private static final String KEY = "s|" + SITE.base() + "|" + KitEngine.SECTION;

        /** A change: when it was seen and the owner after it, null when the lease was given back. */
        private record Change(long nanos, String owner) {}

        private final List<Change> changes = new ArrayList<>(); // guarded by itself
        /** The longest read, and when it started. */
        private final long[] longest = new long[2]; // guarded by changes

        private final Thread thread;
        private volatile boolean ended;

        LeaseWatch(CacheManager caches) {
            Cache<String, String> leases = caches.getCache("sitemapkit-leases", String.class, String.class);
            thread = new Thread(() -> {
                String last = null;
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
                while (!ended && System.nanoTime() < deadline) {
                    long asked = System.nanoTime();
                    String now;
                    try {
                        now = leases.get(KEY);
                    } catch (RuntimeException e) {
                        now = last; // the member is leaving: nothing to see
                    }
                    long took = System.nanoTime() - asked;
                    synchronized (changes) {
                        if (took > longest[0]) {
                            longest[0] = took;
                            longest[1] = asked;
                        }
                        if (!Objects.equals(now, last)) {
                            changes.add(new Change(System.nanoTime(), now == null ? null : now.split(" ")[0]));
                        }
                    }
                    last = now;
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
                }
            });
            thread.setDaemon(true);
            thread.start();
        }

        /** Stops watching; what it saw, in ms from {@code left}, when node A left. */
        Seen end(long left) throws InterruptedException {
            ended = true;
            thread.join(10_000);
            synchronized (changes) {
                String a = changes.stream()
                        .filter(c -> c.nanos() <= left)
                        .reduce((x, y) -> y)
                        .map(Change::owner)
                        .orElse(null);
                long renewed = 0;
                long taken = 0;
                StringBuilder after = new StringBuilder();
                int renewals = 0;
                for (Change c : changes) {
                    boolean byA = c.owner() != null && c.owner().equals(a);
                    if (byA && taken == 0) {
                        renewed = c.nanos();
                    }
                    if (c.owner() != null && !byA && taken == 0) {
                        taken = c.nanos();
                    }
                    if (c.nanos() <= left) {
                        continue;
                    }
                    if (byA) {
                        renewals++;
                        continue;
                    }
                    if (renewals > 0) {
                        after.append(renewals == 1 ? "A renewed " : "A renewed " + renewals + "×, last ")
                                .append(ms(since(left, renewed)))
                                .append("; ");
                        renewals = 0;
                    }
                    after.append(c.owner() == null ? "given back " : "taken by B ")
                            .append(ms(since(left, c.nanos())))
                            .append("; ");
                    if (c.owner() != null) {
                        break; // B's renewals follow
                    }
                }
                if (renewals > 0) {
                    after.append("A renewed ").append(renewals).append("×; ");
                }
                return new Seen(
                        since(left, renewed),
                        since(left, taken),
                        after.length() == 0 ? "–" : after.substring(0, after.length() - 2),
                        longest[1] >= left ? longest[0] / 1e6 : Double.NaN);
            }
        }
    }

    /**
     * What a {@link LeaseWatch} saw, in ms from A's leave: A's last write of the lease, B's first, the
     * lease's changes after A left, and the longest read of it after A left.
     */
    private record Seen(double renewedMs, double takenMs, String after, double longestReadMs) {}

    /** Milliseconds from {@code from} to {@code at}; NaN when {@code at} is 0, never. */
    private static double since(long from, long at) {
        return at == 0 ? Double.NaN : (at - from) / 1e6;
    }

    /** Waits up to a minute for {@code done}, else fails with {@code failure}. */
    private static void await(BooleanSupplier done, String failure) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(failure);
            }
            Thread.sleep(1);
        }
    }

    /** Runs {@code request} on a thread of its own, as a request's; what it throws it only prints. */
    private static Thread ask(Callable<?> request) {
        Thread t = new Thread(() -> {
            try {
                request.call();
            } catch (Exception e) {
                System.out.println("  a request ended with " + e);
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
