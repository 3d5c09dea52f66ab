package org.sitemapkit.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.stream.LongStream;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.status.Explanation;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * What explaining one URL costs on a large section kept on the disk store: a listed URL on the last
 * page (the longest look through the stored pages) and an absent URL (the sources read anew), each
 * asked five times, with the render they follow for scale. Run it with a small heap to show that
 * neither holds more than a page: {@code -Xmx256m}.
 *
 * <pre>java -Xmx256m -cp benchmarks/target/sitemapkit-benchmarks.jar org.sitemapkit.bench.ExplainBench [urls]</pre>
 */
public final class ExplainBench {
    private ExplainBench() {}

    public static void main(String[] args) throws Exception {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        Site site = Site.of("https://shop.example.com/");
        Instant t0 = Instant.parse("2025-06-01T00:00:00Z"); // a year of lastmods, all in the past
        UrlSources sources = new UrlSources()
                .register(UrlSource.of("products", s -> LongStream.range(0, n).mapToObj(i -> product(s, t0, i))));
        Path dir = Files.createTempDirectory("sitemapkit-explainbench");
        try (SitemapService service = new SitemapService(
                Settings.builder()
                        .baseUrl(site)
                        .renderDeadline(Duration.ofMinutes(30))
                        .renderWait(Duration.ofMinutes(5))
                        .build(),
                sources,
                new DiskPageStore(dir))) {
            long start = System.nanoTime();
            while (true) {
                try {
                    service.section(site, "products");
                    break;
                } catch (org.sitemapkit.internal.service.UnavailableException e) {
                    // a render of more than render-wait: ask again until it lands
                }
            }
            long render = (System.nanoTime() - start) / 1_000_000;
            String last = product(site, t0, n - 1).loc();
            long[] listed = new long[5];
            long[] absent = new long[5];
            String outcomes = "";
            for (int k = 0; k < 5; k++) {
                start = System.nanoTime();
                Explanation l = service.explain(site, last);
                listed[k] = (System.nanoTime() - start) / 1_000_000;
                start = System.nanoTime();
                Explanation a = service.explain(site, site.url("products/none/item-x"));
                absent[k] = (System.nanoTime() - start) / 1_000_000;
                outcomes = l.outcome() + ", " + a.outcome();
            }
            Arrays.sort(listed);
            Arrays.sort(absent);
            Runtime rt = Runtime.getRuntime();
            System.out.printf(
                    "ExplainBench, %,d URLs on the disk store, max heap %d MiB, %s:%n"
                            + "  render: %,d ms%n"
                            + "  explain a listed URL on the last page: median %,d ms (min %,d, max %,d)%n"
                            + "  explain an absent URL (sources read anew): median %,d ms (min %,d, max %,d)%n"
                            + "  outcomes: %s%n",
                    n,
                    rt.maxMemory() >> 20,
                    Machine.cores() + " cores, " + Machine.cpuModel() + ", " + Machine.jvm(),
                    render,
                    listed[2],
                    listed[0],
                    listed[4],
                    absent[2],
                    absent[0],
                    absent[4],
                    outcomes);
        }
    }

    /** A product page with a category, an id and a slug, and a lastmod spread over a year. */
    static SitemapUrl product(Site site, Instant t0, long i) {
        return SitemapUrl.builder(productLoc(site, i))
                .lastmod(Lastmod.of(t0.plusSeconds(i * 37 % 31_536_000)))
                .build();
    }

    /** The loc of product {@code i}: a category, the id and a slug. */
    static String productLoc(Site site, long i) {
        return site.url("products/" + CATEGORIES[(int) (i % CATEGORIES.length)] + "/" + i + "-item-"
                + Long.toString(i * 2_654_435_761L & 0xffffffL, 36));
    }

    private static final String[] CATEGORIES = {"garden", "kitchen", "books", "toys", "tools", "music", "sports"};
}
