package org.sitemapkit.bench;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
 * Serving: one sitemap page of 50,000 URLs, cached by SitemapKit's filter, against Jetty's
 * ResourceServlet serving the very same gzip bytes as a precompressed static file. Two Jetty
 * servers in this JVM, configured alike (default thread pool, one connector on 127.0.0.1, an
 * ephemeral port); the load generator sends {@code Accept-Encoding: gzip} to both, so both
 * answer with the same gzip body. Only loopback is ever targeted; every load run is bounded in
 * time (and, for the in-process generator, in count).
 */
final class Serving {
    static final int PAGE_URLS = 50_000;

    /** One load run against one server. */
    static final class Load {
        final String server;
        final String pass;
        double requestsPerSecond;
        double p50Ms;
        double p99Ms;
        long requests;
        long errors;
        double seconds;
        double bytesPerResponse;
        String raw = "";

        Load(String server, String pass) {
            this.server = server;
            this.pass = pass;
        }
    }

    /** Everything the report needs. */
    static final class Outcome {
        final List<Load> loads = new ArrayList<>();
        String generator = "";
        String comparison = "";
        long pageBytesGzip;
        long pageBytesIdentity;
        int pageUrlsParsed;
        String kitHeaders = "";
        String staticHeaders = "";
        boolean sameBytes;
        String error;

        double meanRps(String server) {
            return loads.stream()
                    .filter(l -> l.server.equals(server))
                    .mapToDouble(l -> l.requestsPerSecond)
                    .average()
                    .orElse(0);
        }

        double meanP99(String server) {
            return loads.stream()
                    .filter(l -> l.server.equals(server))
                    .mapToDouble(l -> l.p99Ms)
                    .average()
                    .orElse(0);
        }

        long totalErrors() {
            return loads.stream().mapToLong(l -> l.errors).sum();
        }
    }

    private final Path scratch;
    private final int connections;
    private final int warmupSeconds;
    private final int seconds;
    private final int passes;
    private final boolean forceJava;

    Serving(Path scratch, int connections, int warmupSeconds, int seconds, int passes, boolean forceJava) {
        this.scratch = scratch;
        this.connections = connections;
        this.warmupSeconds = warmupSeconds;
        this.seconds = seconds;
        this.passes = passes;
        this.forceJava = forceJava;
    }

    Outcome run() throws Exception {
        Outcome o = new Outcome();
        Path root = Files.createTempDirectory(scratch, "static-");
        Server kit = null;
        Server stat = null;
        try {
            kit = new Server();
            ServerConnector kitConnector = connector(kit);
            ServletContextHandler kitContext = new ServletContextHandler("/");
            KitEngine.installFilter(kitContext, PAGE_URLS);
            kit.setHandler(kitContext);
            kit.start();
            String path = KitEngine.firstPagePath();
            String kitUrl = "http://127.0.0.1:" + kitConnector.getLocalPort() + path;

            HttpClient client = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5))
                    .build();
            HttpResponse<byte[]> first = get(client, kitUrl);
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
            o.pageBytesGzip = gzip.length;
            o.pageBytesIdentity = identity.length;
            AbstractSiteMap parsed = new SiteMapParser(true)
                    .parseSiteMap(gzip, new URL("http://127.0.0.1:" + kitConnector.getLocalPort() + path + ".gz"));
            o.pageUrlsParsed = ((SiteMap) parsed).getSiteMapUrls().size();
            o.kitHeaders = headers(first);

            String file = path.substring(1);
            Files.write(root.resolve(file), identity);
            Files.write(root.resolve(file + ".gz"), gzip);
            stat = new Server();
            ServerConnector statConnector = connector(stat);
            ServletContextHandler statContext = new ServletContextHandler("/");
            statContext.setBaseResourceAsPath(root);
            ServletHolder holder = new ServletHolder("static", ResourceServlet.class);
            holder.setInitParameter("precompressed", "true");
            holder.setInitParameter("dirAllowed", "false");
            statContext.addServlet(holder, "/");
            stat.setHandler(statContext);
            stat.start();
            String statUrl = "http://127.0.0.1:" + statConnector.getLocalPort() + path;
            HttpResponse<byte[]> second = get(client, statUrl);
            o.staticHeaders = headers(second);
            o.sameBytes = second.statusCode() == 200
                    && Arrays.equals(second.body(), gzip)
                    && "gzip"
                            .equals(second.headers()
                                    .firstValue("Content-Encoding")
                                    .orElse(""));
            if (!o.sameBytes) {
                throw new IllegalStateException("the static server did not answer with the same gzip bytes: "
                        + second.statusCode() + " " + second.headers().map());
            }
            o.comparison = "GET " + path
                    + " with `Accept-Encoding: gzip` on both: SitemapKit's filter answers from its "
                    + "page cache (rendered once before the load), Jetty's `ResourceServlet` (`precompressed=true`, "
                    + "otherwise Jetty's defaults) answers with the precompressed `" + file + ".gz` next to `" + file
                    + "`; both bodies are the same " + gzip.length + " gzip bytes (" + identity.length
                    + " bytes identity, " + o.pageUrlsParsed
                    + " URLs parsed back), checked byte for byte before the load.";

            boolean wrk = !forceJava && wrkAvailable();
            o.generator = wrk
                    ? "wrk (" + wrkVersion() + "): `wrk -t" + Machine.cores() + " -c" + connections + " -d" + seconds
                            + "s --latency --timeout 5s -H 'Accept-Encoding: gzip' URL`, after a " + warmupSeconds
                            + " s warm-up run against each server"
                    : "in-process java.net.http load loop (wrk not installed): " + connections
                            + " platform threads sharing one HTTP/1.1 client, " + seconds
                            + " s or 2,000,000 requests, after a "
                            + warmupSeconds + " s warm-up against each server";
            System.out.println("  serving: load generator " + (wrk ? "wrk" : "java"));
            load(wrk, "warm-up", "SitemapKit filter", kitUrl, warmupSeconds);
            load(wrk, "warm-up", "Jetty static", statUrl, warmupSeconds);
            for (int p = 1; p <= passes; p++) {
                // ABBA: the order flips each pass, so a drift in the machine's load hits both alike
                boolean kitFirst = p % 2 == 1;
                String[] order = kitFirst ? new String[] {"kit", "static"} : new String[] {"static", "kit"};
                for (String s : order) {
                    Load l = s.equals("kit")
                            ? load(wrk, "pass " + p, "SitemapKit filter", kitUrl, seconds)
                            : load(wrk, "pass " + p, "Jetty static", statUrl, seconds);
                    o.loads.add(l);
                }
            }
        } finally {
            if (kit != null) {
                kit.stop();
            }
            if (stat != null) {
                stat.stop();
            }
            Main.deleteTree(root);
        }
        return o;
    }

    private static ServerConnector connector(Server server) {
        ServerConnector c = new ServerConnector(server);
        c.setHost("127.0.0.1");
        c.setPort(0);
        server.addConnector(c);
        return c;
    }

    private static HttpResponse<byte[]> get(HttpClient client, String url) throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(URI.create(url))
                .header("Accept-Encoding", "gzip")
                .timeout(Duration.ofSeconds(60))
                .GET()
                .build();
        return client.send(req, HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String headers(HttpResponse<byte[]> r) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.statusCode());
        for (String h :
                List.of("content-type", "content-encoding", "content-length", "etag", "vary", "last-modified")) {
            r.headers()
                    .firstValue(h)
                    .ifPresent(v -> sb.append("; ").append(h).append(": ").append(v));
        }
        return sb.toString();
    }

    private Load load(boolean wrk, String pass, String server, String url, int duration) throws Exception {
        Load l = wrk ? wrk(pass, server, url, duration) : javaLoad(pass, server, url, duration);
        System.out.printf(
                Locale.ROOT,
                "    %-8s %-18s %,10.0f req/s  p50 %7.2f ms  p99 %7.2f ms  %,d requests, %d errors%n",
                pass,
                server,
                l.requestsPerSecond,
                l.p50Ms,
                l.p99Ms,
                l.requests,
                l.errors);
        return l;
    }

    static boolean wrkAvailable() {
        try {
            Process p = new ProcessBuilder("wrk", "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            p.waitFor(10, TimeUnit.SECONDS);
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String wrkVersion() {
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

    private Load wrk(String pass, String server, String url, int duration) throws Exception {
        List<String> cmd = List.of(
                "wrk",
                "-t" + Machine.cores(),
                "-c" + connections,
                "-d" + duration + "s",
                "--latency",
                "--timeout",
                "5s",
                "-H",
                "Accept-Encoding: gzip",
                url);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(duration + 30L, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("wrk did not stop");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        Load l = new Load(server, pass);
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

    /** The fallback generator: bounded by {@code duration} and by 2,000,000 requests. */
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
        Load l = new Load(server, pass);
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
