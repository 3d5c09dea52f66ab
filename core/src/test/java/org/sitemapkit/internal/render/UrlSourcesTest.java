package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sitemapkit.internal.source.SourcePlan;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

class UrlSourcesTest {
    /** Listed in this module's test META-INF/services, as an application would list its own. */
    public static final class StaticPages implements UrlSource {
        @Override
        public String section() {
            return "pages";
        }

        @Override
        public Stream<SitemapUrl> urls(Site site) {
            return Stream.of("/", "/about").map(p -> SitemapUrl.of(site.url(p)));
        }
    }

    @Test
    void discoversSourcesThroughServiceLoader() throws Exception {
        UrlSources sources = UrlSources.discover(getClass().getClassLoader());
        List<SourcePlan> all = sources.all();
        assertEquals(1, all.size());
        assertTrue(
                all.get(0).name().startsWith(StaticPages.class.getName()),
                all.get(0).name());
        try (Stream<?> urls = all.get(0).rows().open(Site.of("https://shop.example.com/"))) {
            assertEquals(
                    List.of("https://shop.example.com/", "https://shop.example.com/about"),
                    urls.map(u -> ((SitemapUrl) u).loc()).toList());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Products", "pro_ducts", "-products", "products-", "pro ducts", "pröducts", "a/b"})
    void badSectionNamesAreRefusedAtRegistration(String section) {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new UrlSources().register(UrlSource.of(section, site -> Stream.empty())));
        assertTrue(e.getMessage().contains("\"" + section + "\""), e.getMessage());
    }

    @Test
    void goodSectionNames() {
        UrlSources s = new UrlSources()
                .register(UrlSource.of("products-2024", site -> Stream.empty()))
                .register(UrlSource.of("a", site -> Stream.empty()))
                .register(UrlSource.of("products-2024", site -> Stream.empty()));
        assertEquals(List.of("a", "products-2024"), List.copyOf(s.bySection().keySet()));
        assertEquals(2, s.bySection().get("products-2024").size());
    }

    @Test
    void iteratorStreamsCloseTheirResource() {
        AtomicBoolean closed = new AtomicBoolean();
        Iterator<SitemapUrl> it = List.of(SitemapUrl.of("https://a.example/")).iterator();
        try (Stream<SitemapUrl> s = UrlSource.stream(it, () -> closed.set(true))) {
            assertEquals(1, s.count());
        }
        assertTrue(closed.get());
    }

    /** Checked exceptions pass through {@code UrlSource.of} as they do through {@code urls()}. */
    static Stream<SitemapUrl> fromFile(Site site) throws IOException {
        throw new IOException("disk gone");
    }

    @Test
    void ofTakesALambdaThatThrowsCheckedExceptions() {
        UrlSource source = UrlSource.of("pages", UrlSourcesTest::fromFile);
        Assertions.assertThrows(IOException.class, () -> source.urls(Site.of("https://a.example/")));
    }

    @Test
    void pathsAreUnderTheContextRoot() throws Exception {
        Site site = Site.of("https://a.example/shop/");
        try (Stream<SitemapUrl> urls =
                UrlSource.paths("pages", "/", "/about", "contact").urls(site)) {
            assertEquals(
                    List.of(
                            "https://a.example/shop/",
                            "https://a.example/shop/about",
                            "https://a.example/shop/contact"),
                    urls.map(SitemapUrl::loc).toList());
        }
    }
}
