package org.sitemapkit.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * a whole re-render with unchanged rows (every entry looked up in the previous pages), in pairs
 * alternated with the order swapped each pair, judged as the median ratio with its 95% interval, on
 * the disk store.
 *
 * <pre>java -cp benchmarks/target/sitemapkit-benchmarks.jar org.sitemapkit.bench.ContentLastmodBench [urls [pairs]]</pre>
 */
public final class ContentLastmodBench {
    private ContentLastmodBench() {}

    public static void main(String[] args) throws Exception {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 12;
        if (pairs < 10) {
            throw new IllegalArgumentException("pairs must be >= 10: a 95% interval of the median needs them");
        }
        Site site = Site.of("https://shop.example.com/");
        UrlSource products = UrlSource.of(
                "products",
                s -> LongStream.range(0, n)
                        .mapToObj(i -> SitemapUrl.builder(ExplainBench.productLoc(s, i))
                                .changefreq(Changefreq.WEEKLY)
                                .build()));
        long[] sizes = new long[2];
        long[][] rerenders = new long[2][pairs];
        List<Double> ratios = new ArrayList<>();
        List<Double> otherLoad = new ArrayList<>();
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
            for (int k = -1; k < pairs; k++) { // pair -1 warms up and is not counted
                long[] jiffies = Machine.cpuJiffies();
                long cpu = Machine.processCpuNanos();
                long pairStart = System.nanoTime();
                long[] took = new long[2];
                for (int j = 0; j < 2; j++) {
                    int m = (k % 2 == 0) ? j : 1 - j; // the order swapped every pair
                    long start = System.nanoTime();
                    services[m].invalidate("products").get();
                    took[m] = System.nanoTime() - start;
                }
                if (k >= 0) {
                    rerenders[0][k] = took[0] / 1_000_000;
                    rerenders[1][k] = took[1] / 1_000_000;
                    ratios.add(took[1] / (double) took[0]);
                    otherLoad.add(Machine.otherCores(
                            jiffies,
                            Machine.cpuJiffies(),
                            (Machine.processCpuNanos() - cpu) / 1e9,
                            (System.nanoTime() - pairStart) / 1e9));
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
        GenerationPairs.Interval ratio = GenerationPairs.Interval.ofRatios(ratios);
        otherLoad.sort(null);
        System.out.printf(
                "ContentLastmodBench, %,d URLs without a lastmod from their source, disk store, %d cores, %s, %s:%n"
                        + "  stored gzip bytes: lastmod=source %,d (%.2f per URL), lastmod=content %,d (%.2f per URL):"
                        + " %.2f bytes more per URL%n"
                        + "  whole re-render with unchanged rows, %d pairs alternated (order swapped each pair):"
                        + " lastmod=source median %,d ms, lastmod=content median %,d ms;"
                        + " content / source per pair: median %.3f, 95%% interval %.3f-%.3f (no target);"
                        + " other load median %.2f cores (max %.2f), load average %s%n",
                n,
                Machine.cores(),
                Machine.cpuModel(),
                Machine.jvm(),
                sizes[0],
                sizes[0] / (double) n,
                sizes[1],
                sizes[1] / (double) n,
                (sizes[1] - sizes[0]) / (double) n,
                pairs,
                rerenders[0][pairs / 2],
                rerenders[1][pairs / 2],
                ratio.median(),
                ratio.low(),
                ratio.high(),
                otherLoad.get(otherLoad.size() / 2),
                otherLoad.get(otherLoad.size() - 1),
                Machine.loadAverage());
    }
}
