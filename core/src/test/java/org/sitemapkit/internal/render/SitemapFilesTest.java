package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import crawlercommons.sitemaps.AbstractSiteMap;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/** The public way to write sitemaps without a server: files a crawler reads as the filter's. */
class SitemapFilesTest {
    static final Site SITE = Site.of("https://shop.example.com/");

    static List<UrlSource> sources() {
        return List.of(
                UrlSource.paths("pages", "/", "/about", "/contact"),
                UrlSource.rows(
                        "products",
                        site -> LongStream.rangeClosed(0, 60_001).boxed(),
                        (id, site) -> SitemapUrl.builder(
                                        id == 0 ? "https://elsewhere.example/p" : site.url("/products/" + id))
                                .lastmod(LocalDate.of(2026, 1, 1).plusDays(id % 300))
                                .build()));
    }

    @Test
    void writesGzipPagesAndAnIndexThatACrawlerReads(@TempDir Path dir) throws Exception {
        List<Path> files = SitemapKit.write(dir.resolve("out"), SITE, sources());
        assertEquals(
                List.of(
                        "sitemap-pages-1.xml.gz",
                        "sitemap-products-1.xml.gz",
                        "sitemap-products-2.xml.gz",
                        "sitemap.xml"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        long urls = 0;
        for (Path page : files.subList(0, 3)) {
            byte[] xml;
            try (InputStream in = new GZIPInputStream(Files.newInputStream(page))) {
                xml = in.readAllBytes();
            }
            Validation.validUrlset(xml);
            urls += Validation.crawl(xml, SITE.url(page.getFileName().toString().replace(".gz", "")))
                    .size();
        }
        assertEquals(3 + 60_001, urls, "the URL of another host is skipped, every other one written");
        List<AbstractSiteMap> listed = Validation.crawlIndex(Files.readAllBytes(files.get(3)), SITE.url("sitemap.xml"));
        assertEquals(
                List.of(
                        SITE.url("sitemap-pages-1.xml.gz"),
                        SITE.url("sitemap-products-1.xml.gz"),
                        SITE.url("sitemap-products-2.xml.gz")),
                listed.stream().map(m -> m.getUrl().toString()).toList());
    }

    @Test
    void streamsGetTheSameBytesAsFiles(@TempDir Path dir) throws Exception {
        List<Path> files = SitemapKit.write(dir, SITE, sources());
        Map<String, ByteArrayOutputStream> streams = new LinkedHashMap<>();
        List<String> names = SitemapKit.write(
                name -> streams.computeIfAbsent(name, n -> new ByteArrayOutputStream()), SITE, sources());
        assertEquals(List.copyOf(streams.keySet()), names);
        for (Path f : files) {
            assertEquals(
                    Arrays.toString(Files.readAllBytes(f)),
                    Arrays.toString(streams.get(f.getFileName().toString()).toByteArray()),
                    f.toString());
        }
    }

    @Test
    void noUrlsIsRefusedAndAFailingSourceSaysSo(@TempDir Path dir) {
        assertThrows(
                IllegalArgumentException.class,
                () -> SitemapKit.write(dir, SITE, List.of(UrlSource.of("pages", site -> Stream.empty()))));
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> SitemapKit.write(dir, SITE, List.of(UrlSource.of("pages", site -> {
                    throw new IOException("database down");
                }))));
        assertEquals(true, e.getMessage().contains("database down"), e.getMessage());
    }
}
