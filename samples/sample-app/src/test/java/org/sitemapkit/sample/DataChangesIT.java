package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Http;

/**
 * The tutorial's "when data changes" step, run as a user would: the shop jar with IndexNow pointed at a
 * recording endpoint on loopback, one touch and one delete through the admin endpoints, and what crawlers
 * and the endpoint see afterwards.
 */
class DataChangesIT {
    static final String KEY = "0123456789abcdef";

    final List<String> submissions = new CopyOnWriteArrayList<>();
    HttpServer endpoint;

    @BeforeEach
    void endpoint() throws Exception {
        endpoint = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        endpoint.createContext("/indexnow", exchange -> {
            submissions.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        endpoint.start();
    }

    @AfterEach
    void stop() {
        endpoint.stop(0);
    }

    @Test
    void oneTouchOrDeleteChangesOnePageAndSubmitsOneUrl() throws Exception {
        String indexnow = "http://127.0.0.1:" + endpoint.getAddress().getPort() + "/indexnow";
        try (SampleProcess shop =
                SampleProcess.start("--port", "0", "--indexnow-key", KEY, "--indexnow-endpoint", indexnow)) {
            String home = shop.home();
            assertEquals(KEY, Http.get(home + KEY + ".txt").text().trim());
            List<Http.Response> before = pages(home);
            String index = Http.get(home + "sitemap.xml").text();
            assertTrue(submissions.isEmpty(), "a first render submits nothing: " + submissions);

            assertEquals(
                    404,
                    Http.send("POST", URI.create(home + "admin/products/999999999/touch"))
                            .status());
            assertEquals(
                    204,
                    Http.send("POST", URI.create(home + "admin/products/60000/touch"))
                            .status());
            int page = pageOf(before, 60_000);
            String touched = loc(before.get(page).text(), 60_000);
            assertEquals(List.of(touched), awaitOneSubmission(home));
            List<Http.Response> afterTouch = awaitChange(home, before);
            assertEquals(only(page, before.size()), changed(before, afterTouch), "only the page of product 60000");
            String indexAfter = Http.get(home + "sitemap.xml").text();
            for (int n = 1; n <= before.size(); n++) {
                if (n == page + 1) {
                    assertNotEquals(lastmod(index, n), lastmod(indexAfter, n), "its lastmod in the index moved");
                } else {
                    assertEquals(lastmod(index, n), lastmod(indexAfter, n));
                }
            }

            submissions.clear();
            int first = pageOf(afterTouch, 20_000);
            String deleted = loc(afterTouch.get(first).text(), 20_000);
            assertEquals(
                    204,
                    Http.send("DELETE", URI.create(home + "admin/products/20000"))
                            .status());
            assertEquals(
                    404,
                    Http.send("DELETE", URI.create(home + "admin/products/20000"))
                            .status());
            assertEquals(List.of(deleted), awaitOneSubmission(home));
            List<Http.Response> afterDelete = awaitChange(home, afterTouch);
            assertEquals(only(first, afterTouch.size()), changed(afterTouch, afterDelete));
            assertTrue(!afterDelete.get(first).text().contains(deleted + "<"), "the deleted product is gone");
        }
    }

    /** Every products page the index lists; several, so that "only one changed" means something. */
    static List<Http.Response> pages(String home) {
        Matcher m = Pattern.compile("sitemap-products-(\\d+)\\.xml</loc>")
                .matcher(Http.get(home + "sitemap.xml").text());
        int count = 0;
        while (m.find()) {
            count = Math.max(count, Integer.parseInt(m.group(1)));
        }
        assertTrue(count >= 3, count + " products pages");
        List<Http.Response> pages = new ArrayList<>();
        for (int n = 1; n <= count; n++) {
            Http.Response r = Http.get(home + "sitemap-products-" + n + ".xml");
            assertEquals(200, r.status(), r.describe());
            pages.add(r);
        }
        assertEquals(
                404, Http.get(home + "sitemap-products-" + (count + 1) + ".xml").status());
        return pages;
    }

    static int pageOf(List<Http.Response> pages, long id) {
        for (int i = 0; i < pages.size(); i++) {
            if (pages.get(i).text().contains("/products/" + id + "/")) {
                return i;
            }
        }
        throw new AssertionError("product " + id + " is on no page");
    }

    static List<Boolean> only(int index, int size) {
        List<Boolean> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            out.add(i == index);
        }
        return out;
    }

    static List<Boolean> changed(List<Http.Response> a, List<Http.Response> b) {
        List<Boolean> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            boolean bytes = !Arrays.equals(a.get(i).body(), b.get(i).body());
            boolean etag = !a.get(i).header("ETag").equals(b.get(i).header("ETag"));
            assertEquals(bytes, etag, "bytes and ETag change together, page " + (i + 1));
            out.add(bytes);
        }
        return out;
    }

    /** The pages once one of them changed (the render runs in the background after the 204). */
    static List<Http.Response> awaitChange(String home, List<Http.Response> before) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            List<Http.Response> now = pages(home);
            if (changed(before, now).contains(true)) {
                return now;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no products page changed within 30 s");
    }

    /** The one request's URLs; waits a little longer to see that no second request follows. */
    List<String> awaitOneSubmission(String home) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (submissions.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(1500);
        assertEquals(1, submissions.size(), "exactly one request: " + submissions);
        String json = submissions.get(0);
        String host = URI.create(home).getHost();
        assertTrue(
                json.startsWith("{\"host\":\"" + host + "\",\"key\":\"" + KEY + "\",\"keyLocation\":\"" + home + KEY
                        + ".txt\",\"urlList\":["),
                json);
        Matcher m = Pattern.compile("\"urlList\":\\[(.*)\\]\\}$").matcher(json);
        assertTrue(m.find(), json);
        List<String> urls = new ArrayList<>();
        for (String u : m.group(1).split(",")) {
            urls.add(u.substring(1, u.length() - 1));
        }
        return urls;
    }

    static String loc(String page, long id) {
        Matcher m =
                Pattern.compile("<loc>([^<]*/products/" + id + "/[^<]*)</loc>").matcher(page);
        assertTrue(m.find(), "product " + id + " is listed");
        return m.group(1);
    }

    static String lastmod(String index, int page) {
        Matcher m = Pattern.compile("sitemap-products-" + page + "\\.xml</loc><lastmod>([^<]+)</lastmod>")
                .matcher(index);
        assertTrue(m.find(), "page " + page + " has a lastmod in " + index);
        return m.group(1);
    }
}
