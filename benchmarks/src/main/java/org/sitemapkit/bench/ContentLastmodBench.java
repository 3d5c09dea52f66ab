package org.sitemapkit.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.LongStream;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.config.SettingsTable;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * What {@code lastmod=content} costs: the stored bytes per URL of a section whose source gives no
 * lastmod, with {@code lastmod=source} (none written) and {@code lastmod=content}, and the time of
 * a whole re-render with unchanged rows (every entry looked up in the previous pages), each of five
 * renders alternated, on the disk store.
 *
 * <pre>java -cp benchmarks/target/sitemapkit-benchmarks.jar org.sitemapkit.bench.ContentLastmodBench [urls]</pre>
 */
public final class ContentLastmodBench {
    private ContentLastmodBench() {}

    public static void main(String[] args) throws Exception {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        Site site = Site.of("https://shop.example.com/");
        UrlSource products = UrlSource.of(
                "products",
                s -> LongStream.range(0, n)
                        .mapToObj(i -> SitemapUrl.builder(ExplainBench.productLoc(s, i))
                                .changefreq(Changefreq.WEEKLY)
                                .build()));
        long[] sizes = new long[2];
        long[][] rerenders = new long[2][5];
        SitemapService[] services = new SitemapService[2];
        try {
            for (int m = 0; m < 2; m++) {
                Settings settings = Settings.builder()
                        .baseUrl(site)
                        .renderWait(Duration.ofMinutes(5))
                        .set(SettingsTable.LASTMOD, m == 0 ? Settings.LastmodMode.SOURCE : Settings.LastmodMode.CONTENT)
                        .build();
                Path dir = Files.createTempDirectory("sitemapkit-contentlastmod");
                services[m] = new SitemapService(settings, new UrlSources().register(products), new DiskPageStore(dir));
                RenderedSection s = services[m].section(site, "products");
                for (CachedPage p : s.pages()) {
                    sizes[m] += p.gzip().length;
                }
            }
            for (int k = 0; k < 5; k++) {
                for (int j = 0; j < 2; j++) {
                    int m = (k % 2 == 0) ? j : 1 - j; // the order swapped every round
                    long start = System.nanoTime();
                    services[m].invalidate("products").get();
                    rerenders[m][k] = (System.nanoTime() - start) / 1_000_000;
                }
            }
        } finally {
            for (SitemapService s : services) {
                if (s != null) {
                    s.close();
                }
            }
        }
        Arrays.sort(rerenders[0]);
        Arrays.sort(rerenders[1]);
        System.out.printf(
                "ContentLastmodBench, %,d URLs without a lastmod from their source, disk store, %d cores, %s, %s:%n"
                        + "  stored gzip bytes: lastmod=source %,d (%.2f per URL), lastmod=content %,d (%.2f per URL):"
                        + " %.2f bytes more per URL%n"
                        + "  whole re-render with unchanged rows, median of 5 alternated: lastmod=source %,d ms,"
                        + " lastmod=content %,d ms (%.2fx)%n",
                n,
                Machine.cores(),
                Machine.cpuModel(),
                Machine.jvm(),
                sizes[0],
                sizes[0] / (double) n,
                sizes[1],
                sizes[1] / (double) n,
                (sizes[1] - sizes[0]) / (double) n,
                rerenders[0][2],
                rerenders[1][2],
                rerenders[1][2] / (double) rerenders[0][2]);
    }
}
