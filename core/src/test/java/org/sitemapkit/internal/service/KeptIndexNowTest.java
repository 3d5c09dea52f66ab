package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.internal.changes.PendingUrls;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * IndexNow URLs still queued when the application stops are kept beside the disk store's pages and
 * submitted after the next start, exactly those; a kept file that is torn is logged and ignored.
 */
class KeptIndexNowTest {
    static final Site SITE = Site.of("https://shop.example.com/");
    static final String KEY = "0123456789abcdef";
    static final Pattern URL = Pattern.compile("\"(https://shop\\.example\\.com/products/\\d+)\"");

    @TempDir
    Path dir;

    final List<HttpServer> servers = new ArrayList<>();
    final List<String> received = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(s -> s.stop(0));
    }

    /** An IndexNow endpoint on loopback that never answers ({@code hang}) or records and answers 200. */
    URI endpoint(boolean hang) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/indexnow", exchange -> {
            if (hang) {
                try {
                    Thread.sleep(600_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            Matcher m = URL.matcher(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            while (m.find()) {
                received.add(m.group(1));
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
        servers.add(server);
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/indexnow");
    }

    SitemapService service(URI endpoint) {
        Settings settings = Settings.builder()
                .indexnowKey(KEY)
                .indexnowEndpoint(endpoint.toString())
                .build();
        UrlSources sources =
                new UrlSources().register(UrlSource.of("pages", site -> Stream.of(SitemapUrl.of(site.url("/")))));
        return new SitemapService(settings, sources, new DiskPageStore(dir));
    }

    static List<String> urls(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add("https://shop.example.com/products/" + i);
        }
        return out;
    }

    @Test
    void urlsQueuedAtTheStopAreSubmittedAfterTheNextStart() throws Exception {
        SitemapService before = service(endpoint(true));
        before.changes.changed().changed(SITE, urls(400));
        Thread.sleep(300); // the first request is in flight, and hangs
        before.close();
        assertTrue(Files.exists(dir.resolve(PendingUrls.FILE)), "kept beside the pages");

        try (SitemapService after = service(endpoint(false))) {
            assertTrue(after.changes.on(), "IndexNow is on");
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (received.size() < 400 && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            assertEquals(new TreeSet<>(urls(400)), new TreeSet<>(received), "exactly the URLs kept");
            assertFalse(Files.exists(dir.resolve(PendingUrls.FILE)), "submitted once: the file is gone");
        }
    }

    @Test
    void aKeptFileRoundTripsAndATornOneIsIgnored() throws Exception {
        Map<String, List<String>> kept = Map.of(SITE.base(), urls(3));
        PendingUrls.save(dir, kept);
        assertEquals(kept, PendingUrls.take(dir));
        assertEquals(Map.of(), PendingUrls.take(dir), "taken once");

        PendingUrls.save(dir, kept);
        byte[] whole = Files.readAllBytes(dir.resolve(PendingUrls.FILE));
        for (int cut : new int[] {0, 10, whole.length - 3}) {
            Files.write(dir.resolve(PendingUrls.FILE), Arrays.copyOf(whole, cut));
            assertEquals(Map.of(), PendingUrls.take(dir), cut + " bytes: ignored, with a log line");
            assertFalse(Files.exists(dir.resolve(PendingUrls.FILE)));
        }
        Files.writeString(dir.resolve(PendingUrls.FILE), "something else entirely\ncrc32 00000000\n");
        assertEquals(Map.of(), PendingUrls.take(dir));
    }
}
