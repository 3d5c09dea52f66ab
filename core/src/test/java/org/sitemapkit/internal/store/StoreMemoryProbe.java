package org.sitemapkit.internal.store;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.LongStream;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.Generated;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.model.Site;
import org.sitemapkit.source.UrlSource;

/**
 * Renders N generated URLs into a store ({@code memory} or {@code disk DIR}), serves every page
 * and the index once, then prints the heap still in use after a full GC: run in a JVM with a
 * small heap, it shows whether the heap grows with the site.
 */
public final class StoreMemoryProbe {
    private StoreMemoryProbe() {}

    public static void main(String[] args) throws Exception {
        long n = Long.parseLong(args[0]);
        SectionStore store = args[1].equals("disk") ? new DiskPageStore(Path.of(args[2])) : new MemoryPageStore();
        UrlSources sources = new UrlSources()
                .register(
                        UrlSource.of("products", site -> LongStream.range(0, n).mapToObj(Generated::product)));
        Site site = Site.of("https://shop.example.com/");
        try (SitemapService service = new SitemapService(
                Settings.builder()
                        .baseUrl(site)
                        .renderWait(Duration.ofMinutes(5))
                        .build(),
                sources,
                store)) {
            long served = service.root(site).orElseThrow().gzip().length;
            RenderedSection section = service.section(site, "products");
            for (CachedPage page : section.pages()) {
                served += page.gzip().length;
            }
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            System.out.println("urls=" + section.urlCount() + " pages="
                    + section.pages().size() + " servedBytes=" + served + " heapAfterServing=" + used);
        }
    }
}
