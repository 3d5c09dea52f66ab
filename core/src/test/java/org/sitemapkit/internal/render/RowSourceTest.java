package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/** Rows mapped one at a time: a row a builder refuses is skipped and counted, the section stands. */
class RowSourceTest {
    static final Site SITE = Site.of("https://shop.example.com/");

    /** A row as a database would hand it over, some with values no builder accepts. */
    record Product(int id, String path, double priority) {}

    static Stream<Product> rows() {
        return IntStream.rangeClosed(1, 10).mapToObj(i -> switch (i) {
            case 3 -> new Product(i, "https//no-scheme/3", 0.5);
            case 5 -> new Product(i, "products/5", 1.5);
            case 7 -> new Product(i, null, 0.5);
            default -> new Product(i, "products/" + i, 0.5);
        });
    }

    static SitemapUrl map(Product p, Site site) {
        String loc = p.path() == null ? null : p.path().startsWith("https//") ? p.path() : site.url(p.path());
        return SitemapUrl.builder(loc).priority(p.priority()).build();
    }

    @Test
    void refusedRowsAreSkippedAndCountedNotFatal() throws IOException {
        MemorySink sink = new MemorySink(false);
        UrlsetWriter w = new Renderer(SITE, PageOptions.builder().gzip(false).build())
                .renderSection(
                        "products",
                        List.of(UrlSources.plan(UrlSource.rows("products", site -> rows(), RowSourceTest::map))),
                        sink);
        assertEquals(7, w.urlCount());
        assertEquals(Map.of(SkipReason.REFUSED_ROW, 3L), w.skipped());
        Validation.validUrlset(sink.xml(0));
    }

    @Test
    void theSameRowsAsReadyUrlsFailTheSection() {
        UrlSource urls = UrlSource.of("products", site -> rows().map(p -> map(p, site)));
        assertThrows(
                SourceException.class,
                () -> new Renderer(SITE, PageOptions.builder().gzip(false).build())
                        .renderSection("products", List.of(UrlSources.plan(urls)), new MemorySink(false)));
    }
}
