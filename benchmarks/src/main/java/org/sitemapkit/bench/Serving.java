package org.sitemapkit.bench;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.eclipse.jetty.ee10.servlet.ResourceServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Serving: one sitemap page of 50,000 URLs, cached by SitemapKit's filter on embedded Jetty,
 * against nginx serving the very same gzip bytes as a static file ({@code gzip_static}), and
 * against Jetty's ResourceServlet serving them as a precompressed static file. The two Jetty
 * servers run in this JVM, configured alike (default thread pool, one connector on 127.0.0.1, an
 * ephemeral port); nginx is a child process with a configuration and prefix of its own in a
 * temporary directory, on 127.0.0.1 and a free port, stopped at the end. Each server is loaded
 * with a GET, a HEAD and a conditional GET (If-None-Match with its own ETag, a 304), all with
 * {@code Accept-Encoding: gzip}. Only loopback is ever targeted; every load run is bounded in
 * time (and, for the in-process generator, in count).
 */
final class Serving {
    static final int PAGE_URLS = 50_000;
    static final String KIT = "SitemapKit filter";
    static final String NGINX = "nginx";
    static final String JETTY = "Jetty static";
    static final String FLOOR = "servlet floor";
    static final String CORE_FLOOR = "Jetty core floor";

    /** The requests each server is loaded with. */
    enum Kind {
        GET("GET", "GET with `Accept-Encoding: gzip`: 200 and the gzip body"),
        HEAD("HEAD", "HEAD with `Accept-Encoding: gzip`: 200, the GET's headers, no body"),
        NOT_MODIFIED(
                "GET → 304",
                "GET with `Accept-Encoding: gzip` and `If-None-Match` set to the ETag that server sent: 304, no body");

        final String label;
        final String description;

        Kind(String label, String description) {
            this.label = label;
            this.description = description;
        }

        /** {@code GET}, {@code HEAD} or {@code 304}, as {@code --serving-kinds} names them. */
        static Kind named(String name) {
            switch (name.trim().toUpperCase(Locale.ROOT)) {
                case "GET":
                    return GET;
                case "HEAD":
                    return HEAD;
                case "304":
                    return NOT_MODIFIED;
                default:
                    throw new IllegalArgumentException("--serving-kinds takes GET, HEAD and 304, not " + name);
            }
        }
    }

    /** The pages served: a small one, whose answer is mostly headers, and a large one, mostly body. */
    enum PageSize {
        SMALL(3),
        LARGE(PAGE_URLS);

        final int urls;

        PageSize(int urls) {
            this.urls = urls;
        }

        /** {@code small} or {@code large}. */
        String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** {@code small} or {@code large}, as {@code --serving-pages} names them. */
        static PageSize named(String name) {
            for (PageSize p : values()) {
                if (p.label().equals(name.trim().toLowerCase(Locale.ROOT))) {
                    return p;
                }
            }
            throw new IllegalArgumentException("--serving-pages takes small and large, not " + name);
        }
    }

    /** One load run against one server. */
    static final class Load {
        final String server;
        final Kind kind;
        final String pass;
        double requestsPerSecond;
        double p50Ms;
        double p99Ms;
        long requests;
        long errors;
        double seconds;
        double bytesPerResponse;
        String loadAverage = "";
        /** CPU time the server process used during the run, over the requests it answered; NaN when unknown. */
        double cpuMicrosPerRequest = Double.NaN;
        /** Requests answered in a warm-up inside the run (the HEAD and 304 generator's), which also cost CPU. */
        long warmupRequests;
        /**
         * Cores kept busy during the run by processes other than the server and the load generator, on
         * average; NaN when unknown.
         */
        double otherCores = Double.NaN;

        String raw = "";

        Load(String server, Kind kind, String pass) {
            this.server = server;
            this.kind = kind;
            this.pass = pass;
        }
    }

    /**
     * One pair: SitemapKit's filter and the servlet floor loaded one after the other with the same
     * request, for the same time, and which went first.
     */
    record Pair(int number, boolean kitFirst, Load kit, Load floor) {
        /** SitemapKit's requests/s over the floor's: above 1, SitemapKit answered more. */
        double ratio() {
            return kit.requestsPerSecond / floor.requestsPerSecond;
        }

        /** The cores other processes kept busy over the pair, the two runs weighted by their time. */
        double otherCores() {
            return (kit.otherCores * kit.seconds + floor.otherCores * floor.seconds) / (kit.seconds + floor.seconds);
        }
    }

    /** SitemapKit against the servlet floor for one kind of request on one page, in pairs. */
    static final class Series {
        final Kind kind;
        final List<Pair> pairs = new ArrayList<>();

        Series(Kind kind) {
            this.kind = kind;
        }

        GenerationPairs.Interval interval() {
            return GenerationPairs.Interval.ofRatios(
                    pairs.stream().map(Pair::ratio).toList());
        }

        double medianKit() {
            return Main.Timing.median(
                    pairs.stream().map(p -> p.kit().requestsPerSecond).toList());
        }

        double medianFloor() {
            return Main.Timing.median(
                    pairs.stream().map(p -> p.floor().requestsPerSecond).toList());
        }

        double medianOtherCores() {
            return Main.Timing.median(
                    pairs.stream().map(Pair::otherCores).filter(d -> !d.isNaN()).toList());
        }

        /** "met", "NOT met" or "inconclusive" against {@link #TARGET}. */
        String verdict() {
            return interval().verdictAtLeast(TARGET);
        }
    }

    /** SitemapKit's requests/s at least this many times the servlet floor's (paired), for every kind and page. */
    static final double TARGET = 0.95;

    /** Everything one page's servers gave: the load runs against every server, and the pairs. */
    static final class Page {
        final PageSize size;
        final List<Load> loads = new ArrayList<>();
        final List<String> servers = new ArrayList<>();
        /** SitemapKit against the servlet floor in pairs, by kind of request, in the order run. */
        final List<Series> series = new ArrayList<>();

        String comparison = "";
        long pageBytesGzip;
        long pageBytesIdentity;
        int pageUrlsParsed;
        /** Status and headers of each server's answer to each kind of request, checked before the load. */
        final Map<String, String> headers = new LinkedHashMap<>();

        Page(PageSize size) {
            this.size = size;
        }

        /** "small page (3 URLs, 306 bytes gzip)". */
        String describe() {
            return String.format(
                    Locale.ROOT, "%s page (%,d URLs, %,d bytes gzip)", size.label(), size.urls, pageBytesGzip);
        }

        /** The median over the passes. */
        double rps(String server, Kind kind) {
            return median(server, kind, l -> l.requestsPerSecond);
        }

        /** The median over the passes. */
        double p99(String server, Kind kind) {
            return median(server, kind, l -> l.p99Ms);
        }

        private double median(String server, Kind kind, java.util.function.ToDoubleFunction<Load> value) {
            return Main.Timing.median(loads.stream()
                    .filter(l -> l.server.equals(server) && l.kind == kind)
                    .mapToDouble(value)
                    .filter(d -> !Double.isNaN(d))
                    .boxed()
                    .toList());
        }

        /** The median over the passes of the server's CPU time per request, in µs. */
        double cpu(String server, Kind kind) {
            return median(server, kind, l -> l.cpuMicrosPerRequest);
        }

        /** SitemapKit's requests/s over {@code other}'s for one kind of request (medians of the passes), or NaN. */
        double ratio(String other, Kind kind) {
            return rps(KIT, kind) / rps(other, kind);
        }

        boolean has(String server) {
            return servers.contains(server);
        }

        Series series(Kind kind) {
            return series.stream().filter(s -> s.kind == kind).findFirst().orElse(null);
        }
    }

    /** Everything the report needs. */
    static final class Outcome {
        final List<Page> pages = new ArrayList<>();
        final List<Kind> kinds = new ArrayList<>();
        String generator = "";
        String pinning = "";
        /** How nginx ran, or null when it did not. */
        String nginx;
        /** Why nginx was left out, or null. */
        String nginxSkipped;
        /** The pairs' settings, for the report. */
        int pairs;

        int pairSeconds;
        String loadAverageBefore = "";
        String loadAverageAfter = "";

        String error;

        boolean has(String server) {
            return pages.stream().anyMatch(p -> p.has(server));
        }

        long totalErrors() {
            return pages.stream()
                    .flatMap(p -> p.loads.stream())
                    .mapToLong(l -> l.errors)
                    .sum();
        }

        /** Every paired run's other load. */
        List<Double> otherCores() {
            List<Double> all = new ArrayList<>();
            for (Page page : pages) {
                for (Series s : page.series) {
                    for (Pair p : s.pairs) {
                        all.add(p.kit().otherCores);
                        all.add(p.floor().otherCores);
                    }
                }
            }
            return all.stream().filter(d -> !d.isNaN()).toList();
        }
    }

    /** How the load runs go: the same for every page. */
    record Settings(
            int connections,
            int warmupSeconds,
            int seconds,
            int passes,
            int pairs,
            int pairSeconds,
            boolean forceJava,
            boolean pin,
            List<Kind> kinds,
            List<PageSize> pages) {}

    private final Settings settings;

    Serving(Settings settings) {
        this.settings = settings;
    }

    Outcome run() throws Exception {
        Outcome o = new Outcome();
        o.pairs = settings.pairs();
        o.pairSeconds = settings.pairSeconds();
        o.loadAverageBefore = Machine.loadAverage();
        Pinning pinning = Pinning.NONE;
        Wrk generator = null;
        try {
            boolean wrk = !settings.forceJava() && Tools.ensure("wrk", "wrk") != null;
            if (wrk && settings.pin()) {
                pinning = Pinning.of();
            }
            pinning.pinThisJvm(); // before Jetty starts, so its threads inherit the servers' CPUs
            o.pinning = pinning.describe();
            List<Kind> kinds =
                    wrk ? settings.kinds() : settings.kinds().contains(Kind.GET) ? List.of(Kind.GET) : List.of();
            o.kinds.addAll(kinds);
            generator = wrk ? new Wrk(pinning, settings.connections()) : null;
            o.generator = wrk
                    ? generator.describe(settings.seconds(), settings.warmupSeconds())
                    : "in-process java.net.http load loop ("
                            + (settings.forceJava() ? "`--java-load`" : "wrk not installed") + "): "
                            + settings.connections() + " platform threads sharing one HTTP/1.1 client, "
                            + settings.seconds() + " s or 2,000,000 requests, GET only, after a "
                            + settings.warmupSeconds() + " s warm-up against each server";
            System.out.println("  serving: load generator " + (wrk ? "wrk" : "java") + "; " + o.pinning);
            for (PageSize size : settings.pages()) {
                o.pages.add(page(size, o, generator, pinning, kinds));
            }
        } finally {
            if (generator != null) {
                generator.close();
            }
            pinning.unpinThisJvm();
        }
        o.loadAverageAfter = Machine.loadAverage();
        return o;
    }

    /** Every server started for one page, loaded, and stopped. */
    private Page page(PageSize size, Outcome o, Wrk wrk, Pinning pinning, List<Kind> kinds) throws Exception {
        Page page = new Page(size);
        System.out.println("  serving: " + size.label() + " page, " + size.urls + " URLs");
        // readable by nginx's workers, which run as another user when nginx starts as root: in the temporary
        // directory itself (world-traversable), not in the harness's scratch directory (owner only), and set
        // again after creation, which the umask may have narrowed
        Set<PosixFilePermission> readable = PosixFilePermissions.fromString("rwxr-xr-x");
        Path root = Files.createTempDirectory("sitemapkit-static-", PosixFilePermissions.asFileAttribute(readable));
        Files.setPosixFilePermissions(root, readable);
        Server kit = null;
        Server stat = null;
        Server floor = null;
        Server coreFloor = null;
        Nginx nginx = null;
        try {
            kit = new Server();
            ServerConnector kitConnector = connector(kit);
            ServletContextHandler kitContext = new ServletContextHandler("/");
            KitEngine.installFilter(kitContext, size.urls);
            kit.setHandler(kitContext);
            kit.start();
            String path = KitEngine.firstPagePath();
            String kitUrl = "http://127.0.0.1:" + kitConnector.getLocalPort() + path;

            HttpClient client = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5))
                    .build();
            HttpResponse<byte[]> first = send(client, kitUrl, "GET", null);
            if (first.statusCode() != 200
                    || !"gzip"
                            .equals(first.headers()
                                    .firstValue("Content-Encoding")
                                    .orElse(""))) {
                throw new IllegalStateException("the filter answered " + first.statusCode() + " "
                        + first.headers().map());
            }
            byte[] gzip = first.body();
            byte[] identity;
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
                identity = in.readAllBytes();
            }
            page.pageBytesGzip = gzip.length;
            page.pageBytesIdentity = identity.length;
            AbstractSiteMap parsed = new SiteMapParser(true)
                    .parseSiteMap(gzip, new URL("http://127.0.0.1:" + kitConnector.getLocalPort() + path + ".gz"));
            page.pageUrlsParsed = ((SiteMap) parsed).getSiteMapUrls().size();

            String file = path.substring(1);
            Files.write(root.resolve(file), identity);
            Files.write(root.resolve(file + ".gz"), gzip);
            long lastModified = first.headers()
                    .firstValue("Last-Modified")
                    .map(Serving::httpDate)
                    .orElse(-1L);
            for (String f : List.of(file, file + ".gz")) {
                Files.setPosixFilePermissions(root.resolve(f), PosixFilePermissions.fromString("rw-r--r--"));
                if (lastModified >= 0) {
                    // the static servers' Last-Modified then says what SitemapKit's does
                    Files.setLastModifiedTime(root.resolve(f), FileTime.fromMillis(lastModified));
                }
            }
            stat = new Server();
            ServerConnector statConnector = connector(stat);
            ServletContextHandler statContext = new ServletContextHandler("/");
            statContext.setBaseResourceAsPath(root);
            ServletHolder holder = new ServletHolder("static", ResourceServlet.class);
            holder.setInitParameter("precompressed", "true");
            holder.setInitParameter("dirAllowed", "false");
            holder.setInitParameter("etags", "true"); // for the 304, as nginx and SitemapKit send one
            statContext.addServlet(holder, "/");
            stat.setHandler(statContext);
            stat.start();
            String statUrl = "http://127.0.0.1:" + statConnector.getLocalPort() + path;

            Map<String, String> urls = new LinkedHashMap<>();
            urls.put(KIT, kitUrl);
            // the same answers from constants, through the same servlet stack: what Jetty costs alone
            floor = new Server();
            ServerConnector floorConnector = connector(floor);
            ServletContextHandler floorContext = new ServletContextHandler("/");
            floorContext.addFilter(
                    new org.eclipse.jetty.ee10.servlet.FilterHolder(new FloorFilter(path, first, gzip)),
                    "/*",
                    java.util.EnumSet.of(jakarta.servlet.DispatcherType.REQUEST));
            floor.setHandler(floorContext);
            floor.start();
            urls.put(FLOOR, "http://127.0.0.1:" + floorConnector.getLocalPort() + path);
            // and from a Jetty handler without servlets: what Jetty's own core costs
            coreFloor = new Server();
            ServerConnector coreConnector = connector(coreFloor);
            coreFloor.setHandler(new CoreFloor(path, first, gzip));
            coreFloor.start();
            urls.put(CORE_FLOOR, "http://127.0.0.1:" + coreConnector.getLocalPort() + path);
            if (wrk != null) {
                String why = null;
                String binary = Tools.ensure("nginx", "nginx");
                if (binary == null) {
                    why = "nginx is not installed and could not be installed (`apt-get install -y nginx` needs root"
                            + " and Debian's archive)";
                } else {
                    try {
                        nginx = Nginx.start(binary, Files.createTempDirectory("sitemapkit-nginx-"), root, pinning);
                        urls.put(NGINX, "http://127.0.0.1:" + nginx.port + path);
                        o.nginx = nginx.describe();
                    } catch (IOException | RuntimeException e) {
                        why = "nginx did not start: " + e.getMessage();
                    }
                }
                if (why != null) {
                    o.nginxSkipped = why;
                    System.out.println("  serving: nginx left out: " + why);
                }
            } else {
                o.nginxSkipped = "nginx is only compared under wrk, which is "
                        + (settings.forceJava()
                                ? "switched off (`--java-load`)"
                                : "not installed and could not be installed");
                System.out.println("  serving: nginx left out: " + o.nginxSkipped);
            }
            urls.put(JETTY, statUrl);

            // every server must answer the same bytes, and sensibly, before any load
            Map<String, String> etags = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : new ArrayList<>(urls.entrySet())) {
                String server = e.getKey();
                try {
                    etags.put(server, check(client, server, e.getValue(), gzip, page));
                } catch (IllegalStateException ex) {
                    if (!server.equals(NGINX)) {
                        throw ex;
                    }
                    o.nginxSkipped = ex.getMessage();
                    o.nginx = null;
                    urls.remove(NGINX);
                    System.out.println("  serving: nginx left out: " + ex.getMessage());
                    nginx.close();
                    nginx = null;
                }
            }
            page.servers.addAll(urls.keySet());
            page.comparison = "`" + path + "` with `Accept-Encoding: gzip` on every server: SitemapKit's filter "
                    + "answers from its page cache (rendered once before the load); "
                    + (urls.containsKey(NGINX)
                            ? "nginx answers from the static file with `gzip_static on`, which sends `" + file
                                    + ".gz` next to `" + file + "`; "
                            : "")
                    + "Jetty's `ResourceServlet` (`precompressed=true`, `etags=true`, otherwise Jetty's defaults) "
                    + "answers with the same precompressed file. The static files' modification time is SitemapKit's "
                    + "Last-Modified. Every body is the same " + gzip.length + " gzip bytes (" + identity.length
                    + " bytes identity, " + page.pageUrlsParsed + " URLs parsed back), checked byte for byte, and the "
                    + "HEAD and the 304 checked, before the load.";

            List<String> servers = new ArrayList<>(urls.keySet());
            Map<String, java.util.function.LongSupplier> cpu = new LinkedHashMap<>();
            for (String server : servers) {
                // the CPU time of each server's process: this JVM for the Jetty servers (the others idle)
                cpu.put(server, Machine::processCpuNanos);
            }
            if (nginx != null) {
                cpu.put(NGINX, nginx::cpuNanos);
            }
            for (Kind kind : kinds) {
                for (String server : servers) {
                    load(
                            wrk,
                            kind,
                            "warm-up",
                            server,
                            urls.get(server),
                            etags.get(server),
                            settings.warmupSeconds(),
                            cpu.get(server));
                }
                for (int p = 1; p <= settings.passes(); p++) {
                    // the order reverses each pass (ABC CBA), so a drift in the machine's load hits all alike
                    List<String> order = new ArrayList<>(servers);
                    if (p % 2 == 0) {
                        java.util.Collections.reverse(order);
                    }
                    for (String server : order) {
                        page.loads.add(load(
                                wrk,
                                kind,
                                "pass " + p,
                                server,
                                urls.get(server),
                                etags.get(server),
                                settings.seconds(),
                                cpu.get(server)));
                    }
                }
                // the verdict: SitemapKit and the servlet floor alternated, the order swapped every pair
                Series series = new Series(kind);
                page.series.add(series);
                for (int n = 1; n <= settings.pairs(); n++) {
                    boolean kitFirst = (n & 1) == 1;
                    Load[] run = new Load[2];
                    for (int k = 0; k < 2; k++) {
                        String server = (k == 0) == kitFirst ? KIT : FLOOR;
                        run[server.equals(KIT) ? 0 : 1] = load(
                                wrk,
                                kind,
                                "pair " + n,
                                server,
                                urls.get(server),
                                etags.get(server),
                                settings.pairSeconds(),
                                cpu.get(server));
                    }
                    Pair pair = new Pair(n, kitFirst, run[0], run[1]);
                    series.pairs.add(pair);
                    System.out.printf(
                            Locale.ROOT,
                            "    %-9s pair %2d (%s first): ratio %.3f, other load %.2f cores%n",
                            kind.label,
                            n,
                            kitFirst ? "SitemapKit" : "floor",
                            pair.ratio(),
                            pair.otherCores());
                }
                GenerationPairs.Interval i = series.interval();
                System.out.printf(
                        Locale.ROOT,
                        "    %-9s %s page: median ratio %.3f, 95%% interval %s: %s%n",
                        kind.label,
                        size.label(),
                        i.median(),
                        i.range(),
                        series.verdict());
            }
        } finally {
            try {
                if (nginx != null) {
                    nginx.close();
                }
            } finally {
                for (Server s : new Server[] {kit, stat, floor, coreFloor}) {
                    if (s != null) {
                        s.stop();
                    }
                }
                Main.deleteTree(root);
            }
        }
        return page;
    }

    /** The headers of SitemapKit's answer that both floors send again as they are. */
    private static final List<String> FLOOR_HEADERS =
            List.of("etag", "vary", "x-robots-tag", "cache-control", "last-modified");

    /** {@code bytes} in a direct buffer, read-only: the body both floors send. */
    private static ByteBuffer directCopy(byte[] bytes) {
        ByteBuffer b = ByteBuffer.allocateDirect(bytes.length);
        b.put(bytes).flip();
        return b.asReadOnlyBuffer();
    }

    /**
     * A diagnostic server: a servlet filter on the same Jetty that sends SitemapKit's answers (the
     * same headers and bytes) from constants, with no lookups, no parsing and no formatting, and the
     * body from a direct buffer. What is left between it and SitemapKit's filter is SitemapKit's
     * own work per request; what is left between it and nginx is the container's.
     */
    static final class FloorFilter implements jakarta.servlet.Filter {
        private final String path;
        private final List<String[]> headers = new ArrayList<>();
        private final String etag;
        private final String contentType;
        private final ByteBuffer body;

        FloorFilter(String path, HttpResponse<byte[]> sample, byte[] gzip) {
            this.path = path;
            for (String h : FLOOR_HEADERS) {
                sample.headers().firstValue(h).ifPresent(v -> headers.add(new String[] {h, v}));
            }
            this.etag = sample.headers().firstValue("etag").orElseThrow();
            this.contentType = sample.headers().firstValue("content-type").orElseThrow();
            this.body = directCopy(gzip);
        }

        @Override
        public void doFilter(
                jakarta.servlet.ServletRequest req,
                jakarta.servlet.ServletResponse res,
                jakarta.servlet.FilterChain chain)
                throws IOException, jakarta.servlet.ServletException {
            jakarta.servlet.http.HttpServletRequest request = (jakarta.servlet.http.HttpServletRequest) req;
            jakarta.servlet.http.HttpServletResponse response = (jakarta.servlet.http.HttpServletResponse) res;
            if (!path.equals(request.getRequestURI())) {
                chain.doFilter(req, res);
                return;
            }
            for (String[] h : headers) {
                response.setHeader(h[0], h[1]);
            }
            response.setContentLength(body.remaining());
            if (etag.equals(request.getHeader("If-None-Match"))) {
                response.setStatus(304);
                return;
            }
            response.setContentType(contentType);
            response.setHeader("Content-Encoding", "gzip");
            if (!request.getMethod().equals("HEAD")) {
                ((org.eclipse.jetty.ee10.servlet.HttpOutput) response.getOutputStream()).write(body.duplicate());
            }
        }
    }

    /**
     * A diagnostic server below the servlet floor: a Jetty core handler, no servlet API, that sends
     * the same answers from constants (pre-encoded header fields, the body from a direct buffer)
     * without leaving the selector's thread. Between it and the servlet floor is the servlet stack;
     * between it and nginx, Jetty itself and the JVM.
     */
    static final class CoreFloor extends org.eclipse.jetty.server.Handler.Abstract.NonBlocking {
        private final String path;
        private final List<org.eclipse.jetty.http.HttpField> fields = new ArrayList<>();
        private final List<org.eclipse.jetty.http.HttpField> bodyFields = new ArrayList<>();
        private final String etag;
        private final ByteBuffer body;

        CoreFloor(String path, HttpResponse<byte[]> sample, byte[] gzip) {
            this.path = path;
            for (String h : FLOOR_HEADERS) {
                sample.headers()
                        .firstValue(h)
                        .ifPresent(v -> fields.add(new org.eclipse.jetty.http.PreEncodedHttpField(h, v)));
            }
            fields.add(new org.eclipse.jetty.http.PreEncodedHttpField(
                    org.eclipse.jetty.http.HttpHeader.CONTENT_LENGTH, Integer.toString(gzip.length)));
            bodyFields.add(new org.eclipse.jetty.http.PreEncodedHttpField(
                    org.eclipse.jetty.http.HttpHeader.CONTENT_TYPE,
                    sample.headers().firstValue("content-type").orElseThrow()));
            bodyFields.add(new org.eclipse.jetty.http.PreEncodedHttpField(
                    org.eclipse.jetty.http.HttpHeader.CONTENT_ENCODING, "gzip"));
            this.etag = sample.headers().firstValue("etag").orElseThrow();
            this.body = directCopy(gzip);
        }

        @Override
        public boolean handle(
                org.eclipse.jetty.server.Request request,
                org.eclipse.jetty.server.Response response,
                org.eclipse.jetty.util.Callback callback) {
            if (!path.equals(request.getHttpURI().getPath())) {
                return false;
            }
            org.eclipse.jetty.http.HttpFields.Mutable headers = response.getHeaders();
            fields.forEach(headers::add);
            if (etag.equals(request.getHeaders().get(org.eclipse.jetty.http.HttpHeader.IF_NONE_MATCH))) {
                response.setStatus(304);
                response.write(true, null, callback);
                return true;
            }
            bodyFields.forEach(headers::add);
            response.setStatus(200);
            boolean head = request.getMethod().equals("HEAD");
            response.write(true, head ? null : body.duplicate(), callback);
            return true;
        }
    }

    /**
     * Checks one server's GET (status 200, gzip, the very bytes), HEAD (200, the same length, no
     * body) and conditional GET (304), records their headers, and returns its ETag.
     */
    private static String check(HttpClient client, String server, String url, byte[] gzip, Page o)
            throws IOException, InterruptedException {
        HttpResponse<byte[]> get = send(client, url, "GET", null);
        o.headers.put(server + " GET", headers(get));
        if (get.statusCode() != 200
                || !Arrays.equals(get.body(), gzip)
                || !"gzip".equals(get.headers().firstValue("Content-Encoding").orElse(""))
                || get.headers().firstValueAsLong("Content-Length").orElse(-1) != gzip.length) {
            throw new IllegalStateException(server + " did not answer the same gzip bytes: " + headers(get) + ", "
                    + get.body().length + " bytes");
        }
        String etag = get.headers().firstValue("ETag").orElse(null);
        if (etag == null) {
            throw new IllegalStateException(server + " sent no ETag: " + headers(get));
        }
        HttpResponse<byte[]> head = send(client, url, "HEAD", null);
        o.headers.put(server + " HEAD", headers(head));
        if (head.statusCode() != 200
                || head.body().length != 0
                || head.headers().firstValueAsLong("Content-Length").orElse(-1) != gzip.length
                || !etag.equals(head.headers().firstValue("ETag").orElse(""))) {
            throw new IllegalStateException(server + "'s HEAD is not the GET's headers: " + headers(head));
        }
        HttpResponse<byte[]> conditional = send(client, url, "GET", etag);
        o.headers.put(server + " 304", headers(conditional));
        if (conditional.statusCode() != 304 || conditional.body().length != 0) {
            throw new IllegalStateException(
                    server + " did not answer If-None-Match: " + etag + " with a 304: " + headers(conditional));
        }
        return etag;
    }

    private static long httpDate(String value) {
        try {
            return java.time.ZonedDateTime.parse(value, java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant()
                    .toEpochMilli();
        } catch (java.time.format.DateTimeParseException e) {
            return -1;
        }
    }

    /** A connector on 127.0.0.1 and a free port, added to {@code server}: every benchmark server's. */
    static ServerConnector connector(Server server) {
        ServerConnector c = new ServerConnector(server);
        c.setHost("127.0.0.1");
        c.setPort(0);
        server.addConnector(c);
        return c;
    }

    /** A port free on 127.0.0.1 now, for a server that cannot take an ephemeral one (nginx, a child JVM). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** One request with {@code Accept-Encoding: gzip} and, when given, {@code If-None-Match}; a 60 s timeout. */
    static HttpResponse<byte[]> send(HttpClient client, String url, String method, String ifNoneMatch)
            throws IOException, InterruptedException {
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(url))
                .header("Accept-Encoding", "gzip")
                .timeout(Duration.ofSeconds(60))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (ifNoneMatch != null) {
            req.header("If-None-Match", ifNoneMatch);
        }
        return client.send(req.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String headers(HttpResponse<byte[]> r) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.statusCode());
        for (String h : List.of(
                "content-type",
                "content-encoding",
                "content-length",
                "etag",
                "vary",
                "last-modified",
                "cache-control")) {
            r.headers()
                    .firstValue(h)
                    .ifPresent(v -> sb.append("; ").append(h).append(": ").append(v));
        }
        return sb.toString();
    }

    private Load load(
            Wrk wrk,
            Kind kind,
            String pass,
            String server,
            String url,
            String etag,
            int duration,
            java.util.function.LongSupplier cpuNanos)
            throws Exception {
        String loadAverage = Machine.loadAverage();
        long[] jiffies = Machine.cpuJiffies();
        long jvm = Machine.processCpuNanos();
        long children = Machine.childrenCpuNanos();
        long generator = wrk == null ? 0 : wrk.bodilessCpuNanos();
        long cpu = cpuNanos.getAsLong();
        long start = System.nanoTime();
        Load l = wrk != null ? wrk.run(kind, pass, server, url, etag, duration) : javaLoad(pass, server, url, duration);
        double wall = (System.nanoTime() - start) / 1e9;
        long used = cpuNanos.getAsLong() - cpu;
        long answered = l.requests + l.warmupRequests;
        if (cpu >= 0 && used >= 0 && answered > 0) {
            l.cpuMicrosPerRequest = used / 1e3 / answered;
        }
        // ours: this JVM (the Jetty servers), the load generator (wrk, reaped by now, or BodilessLoad's JVM) and
        // nginx when it is the one loaded; the rest of the machine's busy time is other work's
        long ownNanos = Machine.processCpuNanos()
                - jvm
                + Machine.childrenCpuNanos()
                - children
                + (wrk == null ? 0 : wrk.bodilessCpuNanos() - generator)
                + (server.equals(NGINX) && used >= 0 ? used : 0);
        l.otherCores = Machine.otherCores(jiffies, Machine.cpuJiffies(), ownNanos / 1e9, wall);
        l.loadAverage = loadAverage;
        System.out.printf(
                Locale.ROOT,
                "    %-9s %-8s %-18s %,10.0f req/s  p50 %7.2f ms  p99 %7.2f ms  %,d requests, %d errors, %,.0f B each,"
                        + " server CPU %.1f µs each, other load %.2f cores, load average %s%n",
                kind.label,
                pass,
                server,
                l.requestsPerSecond,
                l.p50Ms,
                l.p99Ms,
                l.requests,
                l.errors,
                l.bytesPerResponse,
                l.cpuMicrosPerRequest,
                l.otherCores,
                loadAverage);
        return l;
    }

    /**
     * Which CPUs the load generator and the servers run on. With two CPUs or more and
     * {@code taskset}, wrk gets the first CPU this process may use and the servers (this JVM with
     * both Jetty servers, and nginx) the others, so neither side takes the other's core and every
     * server gets the same ones.
     */
    static final class Pinning {
        static final Pinning NONE = new Pinning(null, null, null, "not pinned");

        final String all;
        final String load;
        final String servers;
        private final String why;

        private Pinning(String all, String load, String servers, String why) {
            this.all = all;
            this.load = load;
            this.servers = servers;
            this.why = why;
        }

        static Pinning of() {
            if (Tools.find("taskset") == null) {
                return new Pinning(null, null, null, "not pinned (no `taskset`)");
            }
            String list = Tools.output(
                    "taskset", "-c", "-p", Long.toString(ProcessHandle.current().pid()));
            Matcher m = Pattern.compile("list:\\s*(\\S+)").matcher(list == null ? "" : list);
            if (!m.find()) {
                return new Pinning(null, null, null, "not pinned (cannot read this process's CPUs)");
            }
            List<Integer> cpus = cpus(m.group(1));
            if (cpus.size() < 2) {
                return new Pinning(null, null, null, "not pinned (one CPU)");
            }
            StringBuilder servers = new StringBuilder();
            for (int i = 1; i < cpus.size(); i++) {
                servers.append(i == 1 ? "" : ",").append(cpus.get(i));
            }
            return new Pinning(m.group(1), Integer.toString(cpus.get(0)), servers.toString(), null);
        }

        static List<Integer> cpus(String list) {
            List<Integer> cpus = new ArrayList<>();
            for (String part : list.split(",")) {
                int dash = part.indexOf('-');
                if (dash < 0) {
                    cpus.add(Integer.parseInt(part.trim()));
                } else {
                    int from = Integer.parseInt(part.substring(0, dash).trim());
                    int to = Integer.parseInt(part.substring(dash + 1).trim());
                    for (int c = from; c <= to; c++) {
                        cpus.add(c);
                    }
                }
            }
            return cpus;
        }

        boolean on() {
            return servers != null;
        }

        int serverCpus() {
            return on() ? servers.split(",").length : Machine.cores();
        }

        /** The command prefix that runs a program on the servers' CPUs (empty when not pinned). */
        List<String> serverPrefix() {
            return on() ? List.of("taskset", "-c", servers) : List.of();
        }

        List<String> loadPrefix() {
            return on() ? List.of("taskset", "-c", load) : List.of();
        }

        void pinThisJvm() {
            if (on()) {
                set(servers);
            }
        }

        void unpinThisJvm() {
            if (on()) {
                set(all);
            }
        }

        private static void set(String cpus) {
            // -a: every thread of this JVM, and the threads they start later inherit it; a thread that
            // ends while taskset walks them fails the call, so it is tried again
            String out = null;
            for (int attempt = 0; out == null && attempt < 5; attempt++) {
                out = Tools.output(
                        "taskset",
                        "-a",
                        "-c",
                        "-p",
                        cpus,
                        Long.toString(ProcessHandle.current().pid()));
            }
            if (out == null) {
                throw new IllegalStateException("taskset could not pin this JVM to CPUs " + cpus);
            }
        }

        String describe() {
            if (!on()) {
                return why;
            }
            return "pinned with `taskset`: wrk on CPU " + load + "; the servers on CPU " + servers
                    + " (this JVM, which runs both Jetty servers, every thread with `taskset -a`; nginx's master and"
                    + " workers)";
        }
    }

    /** wrk, with the same threads, connections, timeout and duration against every server. */
    static final class Wrk {
        private final Pinning pinning;
        private final int connections;
        private final int threads;
        private final String version;
        /** {@link BodilessLoad} as one child JVM for every HEAD and 304 run, started on the first. */
        private Process bodiless;

        private java.io.BufferedReader bodilessOut;

        Wrk(Pinning pinning, int connections) {
            this.pinning = pinning;
            this.connections = connections;
            this.threads = pinning.on() ? 1 : Machine.cores();
            this.version = wrkVersion();
        }

        String describe(int seconds, int warmupSeconds) {
            return version + ": `" + String.join(" ", pinning.loadPrefix()) + (pinning.on() ? " " : "") + "wrk -t"
                    + threads + " -c" + connections + " -d" + seconds
                    + "s --latency --timeout 5s -H 'Accept-Encoding: gzip' URL` for the GET; HEAD and the 304,"
                    + " which wrk 4.1 cannot load (it waits for the body that the Content-Length of a HEAD answer, or"
                    + " of SitemapKit's 304, announces, and hangs), through `BodilessLoad` (this jar; one child JVM for"
                    + " every HEAD and 304 run, on the same CPU as wrk, one selector thread, the same " + connections
                    + " keep-alive connections,"
                    + " each sending its next request once the answer's headers are read, `Accept-Encoding: gzip`"
                    + " and, for the 304, `If-None-Match` with the ETag that server sent;"
                    + " 1 s warm-up); all after a " + warmupSeconds
                    + " s warm-up run of each kind against each server";
        }

        /** CPU time of the HEAD and 304 load generator's JVM so far, while it runs; 0 when it does not. */
        long bodilessCpuNanos() {
            return bodiless == null || !bodiless.isAlive() ? 0 : Math.max(0, Machine.cpuNanosOf(bodiless.pid()));
        }

        /** Ends the HEAD and 304 load generator, which stops at the end of its input. */
        void close() {
            if (bodiless == null) {
                return;
            }
            try {
                bodiless.getOutputStream().close();
                if (!bodiless.waitFor(10, TimeUnit.SECONDS)) {
                    bodiless.destroyForcibly();
                }
            } catch (IOException e) {
                bodiless.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                bodiless.destroyForcibly();
            }
            bodiless = null;
        }

        Load run(Kind kind, String pass, String server, String url, String etag, int duration) throws Exception {
            if (kind != Kind.GET) {
                return bodiless(kind, pass, server, url, etag, duration);
            }
            List<String> cmd = new ArrayList<>(pinning.loadPrefix());
            cmd.addAll(List.of(
                    "wrk",
                    "-t" + threads,
                    "-c" + connections,
                    "-d" + duration + "s",
                    "--latency",
                    "--timeout",
                    "5s",
                    "-H",
                    "Accept-Encoding: gzip"));
            cmd.add(url);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(duration + 30L, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("wrk did not stop");
            }
            String text = new String(out, StandardCharsets.UTF_8);
            Load l = new Load(server, kind, pass);
            l.raw = text;
            l.requestsPerSecond = number(text, "Requests/sec:\\s+([0-9.]+)");
            l.p50Ms = millis(text, "\\n\\s+50%\\s+([0-9.]+)(us|ms|s)");
            l.p99Ms = millis(text, "\\n\\s+99%\\s+([0-9.]+)(us|ms|s)");
            Matcher m = Pattern.compile("(\\d+) requests in ([0-9.]+)(ms|s|m), ([0-9.]+)(B|KB|MB|GB|TB) read")
                    .matcher(text);
            if (m.find()) {
                l.requests = Long.parseLong(m.group(1));
                l.seconds = Double.parseDouble(m.group(2))
                        * (m.group(3).equals("ms") ? 0.001 : m.group(3).equals("m") ? 60 : 1);
                double bytes = Double.parseDouble(m.group(4)) * unit(m.group(5));
                l.bytesPerResponse = l.requests == 0 ? 0 : bytes / l.requests;
            }
            Matcher non2xx = Pattern.compile("Non-2xx or 3xx responses: (\\d+)").matcher(text);
            if (non2xx.find()) {
                l.errors += Long.parseLong(non2xx.group(1));
            }
            Matcher socket = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)")
                    .matcher(text);
            if (socket.find()) {
                for (int g = 1; g <= 4; g++) {
                    l.errors += Long.parseLong(socket.group(g));
                }
            }
            if (l.requestsPerSecond == 0) {
                throw new IllegalStateException("cannot read wrk's output:\n" + text);
            }
            return l;
        }

        /**
         * HEAD and the 304 through {@link BodilessLoad} in a child JVM on wrk's CPU: wrk 4.1 waits for
         * the body that a HEAD answer's Content-Length (or a 304's, as SitemapKit sends) announces, and hangs.
         */
        private Load bodiless(Kind kind, String pass, String server, String url, String etag, int duration)
                throws Exception {
            List<String> args = new ArrayList<>(List.of(
                    kind == Kind.HEAD ? "HEAD" : "GET",
                    url,
                    Integer.toString(connections),
                    Integer.toString(duration),
                    "1",
                    "Accept-Encoding: gzip"));
            if (kind == Kind.NOT_MODIFIED) {
                args.add("If-None-Match: " + etag);
            }
            if (bodiless == null || !bodiless.isAlive()) {
                List<String> cmd = new ArrayList<>(pinning.loadPrefix());
                cmd.addAll(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx256m",
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        BodilessLoad.class.getName(),
                        "--stdin"));
                bodiless = new ProcessBuilder(cmd).redirectErrorStream(true).start();
                bodilessOut = new java.io.BufferedReader(
                        new java.io.InputStreamReader(bodiless.getInputStream(), StandardCharsets.UTF_8));
            }
            java.io.OutputStream toLoad = bodiless.getOutputStream();
            toLoad.write((String.join("\t", args) + "\n").getBytes(StandardCharsets.UTF_8));
            toLoad.flush();
            String line = bodilessOut.readLine(); // the child stops each run by itself, after 1 + duration s
            byte[] out = (line == null ? "the HEAD load ended" : line).getBytes(StandardCharsets.UTF_8);
            String text = new String(out, StandardCharsets.UTF_8);
            Matcher m = Pattern.compile(
                            "requests (\\d+) seconds ([0-9.]+) p50 ([0-9.]+) p99 ([0-9.]+) errors (\\d+) bytes (\\d+) warmup (\\d+)")
                    .matcher(text);
            if (!m.find()) {
                throw new IllegalStateException("cannot read the HEAD load's output:\n" + text);
            }
            Load l = new Load(server, kind, pass);
            l.raw = text;
            l.requests = Long.parseLong(m.group(1));
            l.seconds = Double.parseDouble(m.group(2));
            l.requestsPerSecond = l.requests / l.seconds;
            l.p50Ms = Double.parseDouble(m.group(3));
            l.p99Ms = Double.parseDouble(m.group(4));
            l.errors = Long.parseLong(m.group(5));
            l.bytesPerResponse = l.requests == 0 ? 0 : Double.parseDouble(m.group(6)) / l.requests;
            l.warmupRequests = Long.parseLong(m.group(7));
            if (l.requests == 0) {
                throw new IllegalStateException(server + " answered no HEAD:\n" + text);
            }
            return l;
        }
    }

    /** nginx as a child process: its own prefix, configuration and port, stopped by {@link #close}. */
    static final class Nginx implements AutoCloseable {
        final int port;
        final int workers;
        final String version;
        private final Process process;
        private final Path prefix;
        private final Thread hook;

        private Nginx(Process process, int port, int workers, String version, Path prefix) {
            this.process = process;
            this.port = port;
            this.workers = workers;
            this.version = version;
            this.prefix = prefix;
            // stopped also when the harness is interrupted; close() removes the hook
            this.hook = new Thread(this::stop, "stop-nginx");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        static Nginx start(String binary, Path prefix, Path root, Pinning pinning)
                throws IOException, InterruptedException {
            String built = Tools.output(binary, "-V");
            String version = built == null
                    ? "nginx"
                    : built.lines()
                            .filter(l -> l.startsWith("nginx version:"))
                            .map(l -> l.substring("nginx version:".length()).trim())
                            .findFirst()
                            .orElse("nginx");
            int workers = pinning.serverCpus();
            IOException last = null;
            for (int attempt = 0; attempt < 3; attempt++) {
                int port = freePort();
                Path conf = prefix.resolve("nginx.conf");
                Files.writeString(conf, config(prefix, root, port, workers, built == null ? "" : built));
                List<String> cmd = new ArrayList<>(pinning.serverPrefix());
                cmd.addAll(List.of(
                        binary,
                        "-p",
                        prefix.toString(),
                        "-c",
                        conf.toString(),
                        "-e",
                        prefix.resolve("error.log").toString()));
                Process p = new ProcessBuilder(cmd)
                        .redirectErrorStream(true)
                        .redirectOutput(prefix.resolve("stdout.log").toFile())
                        .start();
                Nginx n = new Nginx(p, port, workers, version, prefix);
                if (n.awaitListening()) {
                    return n;
                }
                String log = read(prefix.resolve("error.log")) + read(prefix.resolve("stdout.log"));
                n.close();
                last = new IOException(log.isBlank() ? "it did not listen on 127.0.0.1:" + port : log.trim());
            }
            throw last;
        }

        private static String read(Path file) {
            try {
                return Files.exists(file) ? Files.readString(file) : "";
            } catch (IOException e) {
                return "";
            }
        }

        static String config(Path prefix, Path root, int port, int workers, String built) {
            StringBuilder temp = new StringBuilder();
            // the temporary directories of the modules this nginx has, in the prefix, not /var/lib/nginx
            String[][] modules = {
                {"client-body", "client_body"},
                {"proxy", "proxy"},
                {"fastcgi", "fastcgi"},
                {"uwsgi", "uwsgi"},
                {"scgi", "scgi"}
            };
            for (String[] m : modules) {
                if (built.contains("--http-" + m[0] + "-temp-path") || m[0].equals("client-body")) {
                    temp.append("    ")
                            .append(m[1])
                            .append("_temp_path ")
                            .append(prefix.resolve("tmp-" + m[1]))
                            .append(";\n");
                }
            }
            return "# written by SitemapKit's serving benchmark for one run\n"
                    + "daemon off;\n"
                    + "master_process on;\n"
                    + "worker_processes " + workers + ";\n"
                    + "pid " + prefix.resolve("nginx.pid") + ";\n"
                    + "error_log " + prefix.resolve("error.log") + " warn;\n"
                    + "events {\n    worker_connections 4096;\n}\n"
                    + "http {\n"
                    + "    access_log off;\n"
                    + "    server_tokens off;\n"
                    + "    sendfile on;\n"
                    + "    tcp_nopush on;\n"
                    + "    tcp_nodelay on;\n"
                    // Jetty keeps a connection for as many requests as come: so does nginx here
                    + "    keepalive_requests 1000000;\n"
                    + "    keepalive_timeout 75s;\n"
                    + "    open_file_cache max=64 inactive=60s;\n"
                    + "    open_file_cache_valid 60s;\n"
                    + "    types {\n        application/xml xml;\n        application/gzip gz;\n    }\n"
                    + "    default_type application/octet-stream;\n"
                    + "    charset utf-8;\n"
                    + "    charset_types application/xml;\n"
                    + "    gzip off;\n"
                    + "    gzip_static on;\n"
                    + "    gzip_vary on;\n"
                    + "    etag on;\n"
                    + temp
                    + "    server {\n"
                    + "        listen 127.0.0.1:" + port + ";\n"
                    + "        root " + root + ";\n"
                    + "        location / {\n        }\n"
                    + "    }\n"
                    + "}\n";
        }

        /**
         * CPU time (user and system) of nginx's master and workers so far, from /proc, or -1 when
         * it cannot be read.
         */
        long cpuNanos() {
            long nanos = 0;
            List<ProcessHandle> all = new ArrayList<>();
            all.add(process.toHandle());
            process.descendants().forEach(all::add);
            for (ProcessHandle h : all) {
                long used = Machine.cpuNanosOf(h.pid());
                if (used < 0) {
                    return -1;
                }
                nanos += used;
            }
            return nanos;
        }

        private boolean awaitListening() throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    return false;
                }
                try {
                    new java.net.Socket(InetAddress.getLoopbackAddress(), port).close();
                    return true;
                } catch (IOException e) {
                    Thread.sleep(50);
                }
            }
            return false;
        }

        String describe() {
            return version + " (Debian's package), `" + workers + "` worker process" + (workers == 1 ? "" : "es")
                    + " (one per CPU the servers run on), started by the benchmark as a child process with a "
                    + "configuration and prefix of its own in a temporary directory (not the system service), on "
                    + "127.0.0.1 and a free port: `sendfile on; tcp_nopush on; open_file_cache max=64; "
                    + "keepalive_requests 1000000; access_log off; gzip off; gzip_static on; gzip_vary on; etag on; "
                    + "charset utf-8`, and stopped at the end";
        }

        private void stop() {
            if (process.isAlive()) {
                process.destroy(); // SIGTERM: nginx's master stops its workers and exits
                try {
                    if (!process.waitFor(10, TimeUnit.SECONDS)) {
                        process.descendants().forEach(ProcessHandle::destroyForcibly);
                        process.destroyForcibly();
                        process.waitFor(10, TimeUnit.SECONDS);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            }
        }

        @Override
        public void close() {
            stop();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook runs stop(), which is done
            }
            Main.deleteTree(prefix);
        }
    }

    /** Programs the benchmark runs, found on the PATH and in the sbin directories, or installed. */
    static final class Tools {
        private Tools() {}

        static String find(String name) {
            List<String> dirs = new ArrayList<>(
                    Arrays.asList(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)));
            dirs.addAll(List.of("/usr/sbin", "/usr/local/sbin", "/sbin", "/usr/local/nginx/sbin"));
            for (String d : dirs) {
                if (d.isEmpty()) {
                    continue;
                }
                Path p = Path.of(d, name);
                if (Files.isExecutable(p)) {
                    return p.toString();
                }
            }
            return null;
        }

        /**
         * Where {@code name} is, after installing Debian's {@code pkg} with apt-get when it is not
         * and this process may (root, apt-get present), or null; says what it does.
         */
        static String ensure(String name, String pkg) {
            String found = find(name);
            if (found != null) {
                return found;
            }
            if (find("apt-get") == null || !"root".equals(System.getProperty("user.name"))) {
                System.out.println("  serving: " + name + " is not installed, and this process cannot install it"
                        + " (`apt-get install -y " + pkg + "` as root)");
                return null;
            }
            System.out.println("  serving: " + name + " is not installed: apt-get install -y " + pkg);
            if (!apt("install", "-y", "-q", pkg)) {
                apt("update", "-q");
                apt("install", "-y", "-q", pkg);
            }
            String installed = find(name);
            if (installed == null) {
                System.out.println("  serving: installing " + pkg + " failed");
            }
            return installed;
        }

        private static boolean apt(String... args) {
            List<String> cmd = new ArrayList<>();
            cmd.add("apt-get");
            cmd.addAll(List.of(args));
            try {
                ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
                pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
                Process p = pb.start();
                p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
                if (!p.waitFor(600, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return false;
                }
                return p.exitValue() == 0;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        /** What a short command prints (stdout and stderr), or null when it fails to run or exits non-zero. */
        static String output(String... cmd) {
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!p.waitFor(30, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return null;
                }
                return p.exitValue() == 0 ? out : null;
            } catch (IOException e) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    private static String wrkVersion() {
        // wrk --version exits 1 after printing its version
        try {
            Process p = new ProcessBuilder("wrk", "--version")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            String line = out.lines().findFirst().orElse("wrk");
            int c = line.indexOf(" Copyright");
            return (c > 0 ? line.substring(0, c) : line).trim();
        } catch (IOException e) {
            return "wrk";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "wrk";
        }
    }

    private static double unit(String u) {
        switch (u) {
            case "KB":
                return 1024;
            case "MB":
                return 1024.0 * 1024;
            case "GB":
                return 1024.0 * 1024 * 1024;
            case "TB":
                return 1024.0 * 1024 * 1024 * 1024;
            default:
                return 1;
        }
    }

    private static double number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    private static double millis(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        if (!m.find()) {
            return 0;
        }
        double v = Double.parseDouble(m.group(1));
        switch (m.group(2)) {
            case "us":
                return v / 1000;
            case "s":
                return v * 1000;
            default:
                return v;
        }
    }

    /** The fallback generator, GET only: bounded by {@code duration} and by 2,000,000 requests. */
    private Load javaLoad(String pass, String server, String url, int duration) throws Exception {
        final int maxRequests = 2_000_000;
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        HttpRequest req = HttpRequest.newBuilder(URI.create(url))
                .header("Accept-Encoding", "gzip")
                .timeout(Duration.ofSeconds(5))
                .GET()
                .build();
        AtomicLong issued = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(duration);
        int connections = settings.connections();
        long[][] latencies = new long[connections][];
        int[] counts = new int[connections];
        Thread[] threads = new Thread[connections];
        for (int t = 0; t < connections; t++) {
            int id = t;
            latencies[t] = new long[maxRequests / connections + 1];
            threads[t] = new Thread(
                    () -> {
                        while (System.nanoTime() < deadline && issued.incrementAndGet() <= maxRequests) {
                            long s = System.nanoTime();
                            try {
                                HttpResponse<byte[]> r = client.send(req, HttpResponse.BodyHandlers.ofByteArray());
                                if (r.statusCode() != 200) {
                                    errors.incrementAndGet();
                                }
                                bytes.addAndGet(r.body().length);
                            } catch (IOException e) {
                                errors.incrementAndGet();
                            } catch (InterruptedException e) {
                                return;
                            }
                            if (counts[id] < latencies[id].length) {
                                latencies[id][counts[id]++] = System.nanoTime() - s;
                            }
                        }
                    },
                    "load-" + t);
        }
        long start = System.nanoTime();
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(duration + 30L));
            if (t.isAlive()) {
                t.interrupt();
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        int total = 0;
        for (int c : counts) {
            total += c;
        }
        long[] all = new long[total];
        int k = 0;
        for (int t = 0; t < connections; t++) {
            System.arraycopy(latencies[t], 0, all, k, counts[t]);
            k += counts[t];
        }
        Arrays.sort(all);
        Load l = new Load(server, Kind.GET, pass);
        l.requests = total;
        l.errors = errors.get();
        l.seconds = elapsed;
        l.requestsPerSecond = total / elapsed;
        l.p50Ms = total == 0 ? 0 : all[(int) Math.min(total - 1, Math.ceil(total * 0.50) - 1)] / 1e6;
        l.p99Ms = total == 0 ? 0 : all[(int) Math.min(total - 1, Math.ceil(total * 0.99) - 1)] / 1e6;
        l.bytesPerResponse = total == 0 ? 0 : (double) bytes.get() / total;
        return l;
    }
}
