package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;

/**
 * The sample as the README runs it: two instances joined with {@code --cluster} serve the same bytes and ETags
 * with one render between them, and with {@code --store disk} a restarted instance answers at once from its files.
 */
class ClusterAndRestartIT {
    private static final List<String> DOCUMENTS =
            List.of("sitemap.xml", "sitemap-products-1.xml", "sitemap-articles-1.xml", "sitemap-pages-1.xml");

    /** gzip asked for, as crawlers ask: the compressed bytes must be the same too. */
    static Http.Response get(String url) {
        return Http.get(url, "Accept-Encoding", "gzip");
    }

    /** One shop of 2,000 products on a free port, at the same public address whichever instance serves it. */
    private static SampleProcess shop(String... more) throws Exception {
        List<String> args = new ArrayList<>(
                List.of("--port", "0", "--products", "2000", "--base-url", "https://shop.example.com/"));
        args.addAll(List.of(more));
        return SampleProcess.start(args.toArray(String[]::new));
    }

    @Test
    void twoInstancesInOneClusterServeTheSameBytesWithOneRenderBetweenThem() throws Exception {
        int[] ports = FreePorts.take(2);
        String members = "127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[1];
        try (SampleProcess first = shop("--cluster", members, "--cluster-port", Integer.toString(ports[0]));
                SampleProcess second = shop("--cluster", members, "--cluster-port", Integer.toString(ports[1]))) {
            for (String doc : DOCUMENTS) {
                Http.Response one = get(first.home() + doc);
                Http.Response two = get(second.home() + doc);
                assertEquals(200, one.status(), doc);
                assertEquals(200, two.status(), doc);
                assertArrayEquals(one.body(), two.body(), doc);
                assertEquals(one.headers().firstValue("ETag"), two.headers().firstValue("ETag"), doc);
            }
            for (String section : List.of("products", "articles", "pages", "categories")) {
                long renders = first.count("rendered " + section + ":") + second.count("rendered " + section + ":");
                assertEquals(1, renders, section + " rendered once between the two: " + first.lines() + second.lines());
            }
        }
    }

    @Test
    void aRestartedInstanceAnswersAtOnceFromTheDiskStore(@TempDir Path dir) throws Exception {
        String[] store = {"--store", "disk", "--store-dir", dir.toString()};
        List<Http.Response> before = new ArrayList<>();
        try (SampleProcess first = shop(store)) {
            for (String doc : DOCUMENTS) {
                before.add(get(first.home() + doc));
            }
        }
        try (SampleProcess again = shop(store)) {
            for (int i = 0; i < DOCUMENTS.size(); i++) {
                Http.Response now = get(again.home() + DOCUMENTS.get(i));
                assertEquals(200, now.status());
                assertArrayEquals(before.get(i).body(), now.body(), DOCUMENTS.get(i));
                assertEquals(
                        before.get(i).headers().firstValue("ETag"),
                        now.headers().firstValue("ETag"));
            }
            assertTrue(
                    again.count("rendered products:") == 0,
                    "served from the files, not rendered again: " + again.lines());
        }
    }
}
