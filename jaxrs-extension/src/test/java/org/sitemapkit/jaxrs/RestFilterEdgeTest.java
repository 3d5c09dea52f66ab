package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.Test;
import org.sitemapkit.jaxrs.edge.BigRobots;
import org.sitemapkit.jaxrs.edge.Broken;
import org.sitemapkit.jaxrs.edge.SlashRobots;
import org.sitemapkit.jaxrs.shop.PageResource;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;

/**
 * The JAX-RS serving path attacked on Jersey with Grizzly (no servlet container): robots.txt from a
 * resource of a root class at "/", one too large to amend, two applications in one class loader,
 * base-url with an application path, an application that re-encodes its answers, a bad setting,
 * the engine's end with its application, and odd requests.
 */
public class RestFilterEdgeTest {

    /**
     * Starts Jersey on Grizzly at base with these resources, the SitemapKit filter allowing 127.0.0.1 at this port,
     * and no WADL.
     */
    public static HttpServer start(String base, int port, Class<?>... resources) {
        ResourceConfig app = new ResourceConfig(resources)
                .property("sitemapkit.allowed-hosts", "127.0.0.1:" + port)
                .property("jersey.config.server.wadl.disableWadl", true);
        return GrizzlyHttpServerFactory.createHttpServer(URI.create(base), app);
    }

    /**
     * RobotsFallback claims "any resource of the application at robots.txt wins"; Jersey picks the
     * root class first, and {robots\.txt} (one template) sorts before a root class at "/".
     */
    @Test
    void robotsTxtOfARootClassAtSlashIsTheApplicationsAmended() {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        HttpServer server = start(origin + "/", port, SlashRobots.class);
        try {
            Http.Response r = Http.get(origin + "/robots.txt");
            assertEquals(200, r.status(), r.describe());
            assertEquals(
                    SlashRobots.RULES + "\nSitemap: " + origin + "/sitemap.xml\n",
                    r.text(),
                    r.describe() + " " + r.headers().map());
        } finally {
            server.shutdownNow();
        }
    }

    /** A robots.txt too large to amend must go out as the application made it, not as an empty 200. */
    @Test
    void aStreamedRobotsTxtOverFourMiBGoesOutWhole() {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        HttpServer server = start(origin + "/", port, PageResource.class, BigRobots.class);
        try {
            Http.Response r = Http.get(origin + "/robots.txt");
            assertEquals(200, r.status(), r.describe());
            assertEquals(BigRobots.SIZE, r.body().length, "a quietly incomplete 200: " + r.describe());
        } finally {
            server.shutdownNow();
        }
    }

    /** Two JAX-RS applications in one class loader (two Jersey servers, Helidon's several Applications). */
    @Test
    void aSecondApplicationInTheSameClassLoaderLeavesTheFirstServing() {
        int[] ports = FreePorts.take(2);
        String a = "http://127.0.0.1:" + ports[0];
        String b = "http://127.0.0.1:" + ports[1];
        HttpServer first = start(a + "/", ports[0], PageResource.class);
        HttpServer second = null;
        try {
            second = start(b + "/", ports[1], PageResource.class);
            assertEquals(200, Http.get(b + "/sitemap.xml").status());
            Http.Response again = Http.get(a + "/sitemap.xml");
            assertEquals(200, again.status(), "the first application after the second started: " + again.describe());
        } finally {
            first.shutdownNow();
            if (second != null) {
                second.shutdownNow();
            }
        }
    }

    /**
     * With the JAX-RS application under /api, base-url is where it answers, /api/ included
     * (docs/jaxrs-runtimes.md): every URL the sitemap and robots.txt name answers.
     */
    @Test
    void withBaseUrlAndAnApplicationBasePathEveryListedUrlAnswers() {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        ResourceConfig app = new ResourceConfig(PageResource.class)
                .property("sitemapkit.base-url", origin + "/api/")
                .property("jersey.config.server.wadl.disableWadl", true);
        HttpServer server = GrizzlyHttpServerFactory.createHttpServer(URI.create(origin + "/api/"), app);
        try {
            Http.Response sitemap = Http.get(origin + "/api/sitemap.xml");
            assertEquals(200, sitemap.status(), sitemap.describe());
            List<String> locs = new ArrayList<>();
            Matcher m = Pattern.compile("<loc>([^<]*)</loc>").matcher(sitemap.text());
            while (m.find()) {
                locs.add(m.group(1));
            }
            assertFalse(locs.isEmpty(), sitemap.text());
            List<String> broken = new ArrayList<>();
            for (String loc : locs) {
                int status = Http.get(loc).status();
                if (status != 200) {
                    broken.add(loc + " -> " + status);
                }
            }
            Http.Response robots = Http.get(origin + "/api/robots.txt");
            Matcher s = Pattern.compile("Sitemap: (\\S+)").matcher(robots.text());
            while (s.find()) {
                int status = Http.get(s.group(1)).status();
                if (status != 200) {
                    broken.add("robots.txt Sitemap: " + s.group(1) + " -> " + status);
                }
            }
            assertTrue(broken.isEmpty(), "listed but not served: " + broken);
        } finally {
            server.shutdownNow();
        }
    }

    /** No robots.txt resource at all: Jersey's 404 becomes the generated file with the Sitemap line. */
    @Test
    void withoutARobotsResourceTheGeneratedFileHasTheSitemapLine() {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        HttpServer server = start(origin + "/", port, PageResource.class);
        try {
            Http.Response r = Http.get(origin + "/robots.txt");
            assertEquals(200, r.status(), r.describe());
            assertEquals(
                    "Sitemap: " + origin + "/sitemap.xml\n",
                    r.text(),
                    r.describe() + " " + r.headers().map());
        } finally {
            server.shutdownNow();
        }
    }

    /**
     * A Jersey application that compresses its answers (EncodingFilter with gzip and deflate, a
     * common setup): SitemapKit's answers must still arrive whole and decodable.
     */
    @Test
    void anApplicationsEncodingFilterDoesNotBreakTheAnswers() throws Exception {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        ResourceConfig app = new ResourceConfig(PageResource.class)
                .property("sitemapkit.allowed-hosts", "127.0.0.1:" + port)
                .property("jersey.config.server.wadl.disableWadl", true);
        org.glassfish.jersey.server.filter.EncodingFilter.enableFor(
                app, org.glassfish.jersey.message.GZipEncoder.class, org.glassfish.jersey.message.DeflateEncoder.class);
        HttpServer server = GrizzlyHttpServerFactory.createHttpServer(URI.create(origin + "/"), app);
        try {
            byte[] plain = Http.get(origin + "/sitemap.xml").body();
            assertTrue(new String(plain, java.nio.charset.StandardCharsets.UTF_8).contains("<urlset"));
            for (String coding : List.of("gzip", "deflate")) {
                Http.Response r = Http.get(origin + "/sitemap.xml", "Accept-Encoding", coding);
                assertEquals(200, r.status(), r.describe());
                java.io.InputStream in = new java.io.ByteArrayInputStream(r.body());
                String enc = r.header("Content-Encoding").orElse("identity");
                if (enc.equals("gzip")) {
                    in = new java.util.zip.GZIPInputStream(in);
                } else if (enc.equals("deflate")) {
                    in = new java.util.zip.InflaterInputStream(in);
                }
                byte[] decoded;
                try {
                    decoded = in.readAllBytes();
                } catch (java.io.IOException e) {
                    throw new AssertionError(
                            coding + ": " + e + "; received " + r.body().length + " bytes, "
                                    + r.headers().map(),
                            e);
                }
                assertEquals(
                        new String(plain, java.nio.charset.StandardCharsets.UTF_8),
                        new String(decoded, java.nio.charset.StandardCharsets.UTF_8),
                        coding + ": " + r.headers().map());
            }
        } finally {
            server.shutdownNow();
        }
    }

    /** A bad setting fails start-up naming the key, as the servlet filter's does. */
    @Test
    void aBadSettingFailsStartupNamingTheKey() {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        ResourceConfig app = new ResourceConfig(PageResource.class)
                .property("sitemapkit.allowed-hosts", "127.0.0.1:" + port)
                .property("sitemapkit.max-urls", "lots")
                .property("jersey.config.server.wadl.disableWadl", true);
        HttpServer server = null;
        Throwable failure = null;
        try {
            server = GrizzlyHttpServerFactory.createHttpServer(URI.create(origin + "/"), app);
        } catch (RuntimeException e) {
            failure = e;
        }
        try {
            String sitemap = server == null
                    ? "(no server)"
                    : Http.get(origin + "/sitemap.xml").describe();
            StringBuilder chain = new StringBuilder();
            for (Throwable t = failure; t != null; t = t.getCause()) {
                chain.append(t).append(" / ");
            }
            assertTrue(
                    chain.toString().contains("max-urls"),
                    "start-up went on; causes: " + chain + " /sitemap.xml: " + sitemap);
        } finally {
            if (server != null) {
                server.shutdownNow();
            }
        }
    }

    /**
     * When the JAX-RS application stops (Quarkus dev-mode reload, an undeploy, a test's server), its
     * engine stops too: nothing but a JVM shutdown hook or a later start in the same class loader
     * closes it now, so threads, the store and the class loader outlive the application.
     */
    @Test
    void stoppingTheApplicationStopsItsEngine() throws InterruptedException {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        HttpServer server = start(origin + "/", port, PageResource.class);
        assertEquals(200, Http.get(origin + "/sitemap.xml").status());
        server.shutdownNow();
        List<String> left = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            left.clear();
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.isAlive() && t.getName().startsWith("sitemapkit-timer")) {
                    left.add(t.getName());
                }
            }
            if (left.isEmpty()) {
                break;
            }
            Thread.sleep(100);
        }
        assertTrue(left.isEmpty(), "still running after the application stopped: " + left);
    }

    /**
     * A source that throws, on the JAX-RS path: its section answers 503 with Retry-After, never a
     * 200 that leaves its URLs out; the other sections and robots.txt are served.
     */
    @Test
    void aSourceThatThrowsGetsA503WithRetryAfterAndNothingElseSuffers() {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        HttpServer server = start(origin + "/", port, PageResource.class, Broken.class);
        try {
            Http.Response broken = Http.get(origin + "/sitemap-broken-1.xml");
            assertEquals(503, broken.status(), broken.describe());
            assertTrue(broken.header("Retry-After").isPresent(), broken.describe());
            Http.Response root = Http.get(origin + "/sitemap.xml");
            assertEquals(503, root.status(), "the index cannot list the broken section's pages: " + root.describe());
            assertEquals(200, Http.get(origin + "/sitemap-pages-1.xml").status());
            Http.Response robots = Http.get(origin + "/robots.txt");
            assertEquals(200, robots.status(), robots.describe());
        } finally {
            server.shutdownNow();
        }
    }

    /** Odd methods, targets and Host headers a client can send: never a 5xx. */
    @Test
    void oddRequestsNeverGiveA5xx() {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        URI base = URI.create(origin);
        HttpServer server = start(origin + "/", port, SlashRobots.class);
        try {
            List<String> bad = new ArrayList<>();
            for (String method : List.of("HEAD", "OPTIONS", "DELETE", "PUT")) {
                for (String path : List.of("/sitemap.xml", "/robots.txt", "/sitemap.html", "/sitemap-pages-1.xml")) {
                    Http.Response r = Http.send(method, URI.create(origin + path));
                    if (r.status() >= 500) {
                        bad.add(method + " " + path + " -> " + r.status());
                    }
                }
            }
            for (String target : List.of(
                    "/sitemap.xml;jsessionid=1",
                    "/%2e/sitemap.xml",
                    "/sitemap.xml?%zz",
                    "//sitemap.xml",
                    "/sitemap.html?page=%ff",
                    "/sitemap.html?page=99999999999",
                    "/sitemap.html?page=-1")) {
                int s = Http.raw(base, target, "127.0.0.1:" + port);
                int app = Http.raw(
                        base, target.replace("sitemap.xml", "").replace("sitemap.html", ""), "127.0.0.1:" + port);
                if (s >= 500 && app < 500) {
                    bad.add(target + " -> " + s + " (the application's own path: " + app + ")");
                }
            }
            for (String host :
                    List.of("127.0.0.1:-2", "127.0.0.1:-1", "127.0.0.1:+" + port, "127.0.0.1:0", "[::1", "")) {
                for (String target : List.of("/sitemap.xml", "/robots.txt")) {
                    int s = Http.raw(base, target, host);
                    int app = Http.raw(base, "/", host);
                    if (s >= 500 && app < 500) {
                        bad.add("Host " + host + " " + target + " -> " + s + " (the application's / : " + app + ")");
                    }
                }
            }
            assertTrue(bad.isEmpty(), String.valueOf(bad));
        } finally {
            server.shutdownNow();
        }
    }
}
