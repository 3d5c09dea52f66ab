package org.sitemapkit.bench;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import javax.cache.CacheManager;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.sitemapkit.PageStore;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
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
    private static String spread(List<double[]> runs, int i) {
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
        ServletContextHandler context = sitemapContext(() -> PageStore.disk(dir), urls, renders, filterStart);
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
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.setInitParameter("sitemapkit.base-url", SITE.base());
        KitEngine.installFilter(context, kit -> {
            kit.store(store.get()).register(products(urls, renders));
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
    private static double firstByteMillisExact(long startNanos, String url) throws IOException {
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
}
