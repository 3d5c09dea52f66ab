package org.sitemapkit.internal.store;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMapURL;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import java.util.zip.GZIPInputStream;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.render.Validation;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * A stable section of N generated rows (key {@code i}, lastmod from {@code i} unless changed) on the
 * disk store: renders it, checks every page is written and listed by the index, parses a sample of
 * pages back with crawler-commons, changes one row and checks that only its page got new bytes.
 * Prints {@code ok ...} and the heap in use; run in a small JVM it shows the heap stays bounded.
 * Failing checks throw, and the JVM exits non-zero.
 */
public final class LargeStableSiteProbe {
    private LargeStableSiteProbe() {}

    static final Site SITE = Site.of("https://shop.example.com/");
    static final Instant BASE = Instant.parse("2026-01-01T00:00:00Z");

    public static void main(String[] args) throws Exception {
        long n = Long.parseLong(args[0]);
        Map<Long, Instant> changed = new ConcurrentHashMap<>();
        AtomicLong rowsRead = new AtomicLong();
        UrlSource source = UrlSource.stable(
                "products",
                (site, from, to) -> LongStream.rangeClosed(Math.max(0, from), Math.min(n - 1, to))
                        .peek(i -> rowsRead.incrementAndGet())
                        .boxed(),
                Long::longValue,
                (i, site) -> SitemapUrl.builder(site.url("products/" + i + "/widget?color=blue&size=m"))
                        .lastmod(changed.getOrDefault(i, BASE.plusSeconds(i % 50_000_000)))
                        .build());
        try (SitemapService service = new SitemapService(
                Settings.builder()
                        .baseUrl(SITE)
                        .renderWait(Duration.ofMinutes(5))
                        .build(),
                new UrlSources().register(source),
                new DiskPageStore(Path.of(args[1])))) {
            RenderedSection section = service.section(SITE, "products");
            int pages = section.pages().size();
            check(section.urlCount() == n, section.urlCount() + " URLs written of " + n);
            // every page listed once, in order, by the indexes
            List<String> listed = new ArrayList<>();
            int indexes = 0;
            for (int i = 1; service.index(SITE, i).isPresent(); i++) {
                indexes++;
                byte[] xml = gunzip(service.index(SITE, i).orElseThrow().gzip());
                for (AbstractSiteMap m : Validation.crawlIndex(xml, SITE.url("sitemap.xml"))) {
                    listed.add(m.getUrl().toString());
                }
            }
            check(listed.size() == pages, listed.size() + " pages listed of " + pages);
            for (int p = 1; p <= pages; p++) {
                check(listed.get(p - 1).equals(SITE.url("sitemap-products-" + p + ".xml")), listed.get(p - 1));
            }
            long urls = 0;
            for (CachedPage page : section.pages()) {
                check(page.gzip().length > 0, "page " + page.etag() + " has no bytes");
                urls += page.urlCount();
            }
            check(urls == n, urls + " URLs in the pages");
            // a sample read back as a crawler reads it: the first, a middle and the last page
            int perPage = section.pages().get(0).urlCount();
            for (int p : new int[] {1, pages / 2, pages}) {
                byte[] xml = gunzip(section.pages().get(p - 1).gzip());
                List<SiteMapURL> read = Validation.crawl(xml, SITE.url("sitemap-products-" + p + ".xml"));
                long first = (long) (p - 1) * perPage;
                check(read.size() == section.pages().get(p - 1).urlCount(), "page " + p + ": " + read.size());
                check(
                        read.get(0)
                                .getUrl()
                                .toString()
                                .equals(SITE.url("products/" + first + "/widget?color=blue&size=m")),
                        "page " + p + " starts with " + read.get(0).getUrl());
            }
            // one row changed: its page alone is read and gets new bytes
            long key = n / 3 + 7;
            List<String> before = etags(section);
            changed.put(key, BASE.plusSeconds(60_000_000));
            rowsRead.set(0);
            service.invalidate("products", key).get(10, TimeUnit.MINUTES);
            RenderedSection after = service.section(SITE, "products");
            List<String> now = etags(after);
            int page = (int) (key / perPage);
            List<Integer> differ = new ArrayList<>();
            for (int p = 0; p < Math.max(before.size(), now.size()); p++) {
                if (p >= before.size() || p >= now.size() || !before.get(p).equals(now.get(p))) {
                    differ.add(p);
                }
            }
            check(differ.equals(List.of(page)), "pages with new bytes " + differ + ", expected [" + page + "]");
            check(rowsRead.get() == perPage, rowsRead.get() + " rows read for one change");
            String xml = new String(gunzip(after.pages().get(page).gzip()), java.nio.charset.StandardCharsets.UTF_8);
            check(
                    xml.contains("/products/" + key + "/widget?color=blue&amp;size=m</loc><lastmod>"
                            + BASE.plusSeconds(60_000_000).toString().replace("Z", "")),
                    "the changed row's new lastmod is on its page");
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            System.out.println("ok urls=" + urls + " pages=" + pages + " indexes="
                    + (listed.isEmpty() ? 0 : (pages + 49_999) / 50_000)
                    + " rowsReadForOneChange=" + rowsRead.get() + " heapAfterGc="
                    + ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
    }

    private static List<String> etags(RenderedSection section) {
        return section.pages().stream().map(CachedPage::etag).toList();
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    private static byte[] gunzip(byte[] gz) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }
}
