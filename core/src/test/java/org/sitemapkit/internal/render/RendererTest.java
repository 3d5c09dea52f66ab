package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

class RendererTest {
    final Renderer renderer = new Renderer(
            UrlsetWriterTest.SITE, PageOptions.builder().maxUrls(100).build());

    @Test
    void rendersSectionsInNameOrderAndClosesEveryStream() throws IOException {
        AtomicInteger closed = new AtomicInteger();
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "products",
                        site -> IntStream.range(0, 250)
                                .mapToObj(i -> SitemapUrl.of(site.url("/products/" + i)))
                                .onClose(closed::incrementAndGet)))
                .register(UrlSource.of(
                        "articles",
                        site -> Stream.of(
                                        SitemapUrl.of(site.url("articles/1")),
                                        SitemapUrl.of("https://elsewhere.example.com/"))
                                .onClose(closed::incrementAndGet)))
                .register(UrlSource.of(
                        "products",
                        site -> Stream.of(SitemapUrl.of(site.url("/products/extra")))
                                .onClose(closed::incrementAndGet)));
        MemorySink sink = new MemorySink(true);
        RenderReport report = renderer.render(sources, sink);
        assertEquals(3, closed.get());
        assertEquals(
                List.of(
                        "sitemap-articles-1.xml",
                        "sitemap-products-1.xml",
                        "sitemap-products-2.xml",
                        "sitemap-products-3.xml"),
                report.pages().stream().map(PageSummary::fileName).toList());
        assertEquals(252, report.urlCount());
        assertEquals(Map.of(SkipReason.OTHER_HOST, 1L), report.skipped());
        assertEquals(51, report.pages().get(3).urlCount());
        assertTrue(sink.text(3).contains("/products/extra</loc>"));
        for (int i = 0; i < sink.size(); i++) {
            Validation.validUrlset(sink.xml(i));
        }
    }

    @Test
    void aSourceFailingMidStreamFailsTheRenderAndIsClosed() {
        AtomicInteger closed = new AtomicInteger();
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "products",
                        site -> IntStream.range(0, 500)
                                .mapToObj(i -> {
                                    if (i == 321) {
                                        throw new IllegalStateException("database went away");
                                    }
                                    return SitemapUrl.of(site.url("p/" + i));
                                })
                                .onClose(closed::incrementAndGet)));
        SourceException e = assertThrows(SourceException.class, () -> renderer.render(sources, new MemorySink(true)));
        assertEquals("products", e.section());
        assertEquals("database went away", e.getCause().getMessage());
        assertEquals(1, closed.get());
    }

    @Test
    void aSourceFailingToOpenNamesItsSection() {
        UrlSource broken = new UrlSource() {
            @Override
            public String section() {
                return "broken";
            }

            @Override
            public Stream<SitemapUrl> urls(Site site) throws Exception {
                throw new SQLException("no connection");
            }
        };
        SourceException e = assertThrows(
                SourceException.class, () -> renderer.render(new UrlSources().register(broken), new MemorySink(true)));
        assertEquals("broken", e.section());
        assertTrue(e.getMessage().contains("no connection"), e.getMessage());
    }

    @Test
    void aNullUrlIsTheSourcesFault() {
        AtomicInteger closed = new AtomicInteger();
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "products",
                        site -> Stream.of(SitemapUrl.of(site.url("p/1")), null).onClose(closed::incrementAndGet)));
        SourceException e = assertThrows(SourceException.class, () -> renderer.render(sources, new MemorySink(true)));
        assertEquals("products", e.section());
        assertTrue(
                e.getCause().getMessage().contains("yielded null"), e.getCause().getMessage());
        assertEquals(1, closed.get());
    }

    @Test
    void aFailingSinkIsAnIoErrorNotTheSourcesAndClosesTheStream() {
        AtomicInteger closed = new AtomicInteger();
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "products",
                        site -> IntStream.range(0, 250)
                                .mapToObj(i -> SitemapUrl.of(site.url("p/" + i)))
                                .onClose(closed::incrementAndGet)));
        PageSink full = diskFull();
        Renderer identity = new Renderer(
                UrlsetWriterTest.SITE,
                PageOptions.builder().maxUrls(100).gzip(false).build());
        IOException e = assertThrows(IOException.class, () -> identity.render(sources, full));
        assertEquals("disk full", e.getMessage());
        assertEquals(1, closed.get());
    }

    @Test
    void aParallelSourceIsWrittenInItsOrder() throws IOException {
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "products",
                        site -> IntStream.range(0, 5000).parallel().mapToObj(i -> SitemapUrl.of(site.url("p/" + i)))));
        MemorySink sink = new MemorySink(true);
        Renderer big = new Renderer(UrlsetWriterTest.SITE, PageOptions.defaults());
        assertEquals(5000, big.render(sources, sink).urlCount());
        String xml = sink.text(0);
        int at = 0;
        for (int i = 0; i < 5000; i++) {
            at = xml.indexOf("<loc>https://shop.example.com/p/" + i + "</loc>", at);
            assertTrue(at >= 0, "p/" + i + " is missing or out of order");
        }
    }

    @Test
    void aSinksUncheckedFailureComesOutAsThrownNotAsTheSources() {
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "products", site -> IntStream.range(0, 250).mapToObj(i -> SitemapUrl.of(site.url("p/" + i)))));
        PageSink broken = new PageSink() {
            @Override
            public OutputStream openPage(String section, int number) {
                throw new UncheckedIOException(new IOException("no space"));
            }

            @Override
            public void pageWritten(PageSummary page) {}
        };
        Renderer identity = new Renderer(
                UrlsetWriterTest.SITE,
                PageOptions.builder().maxUrls(100).gzip(false).build());
        assertThrows(UncheckedIOException.class, () -> identity.render(sources, broken));
    }

    @Test
    void aSinkFailureIsFoundEvenWhenTheSourcesStreamWrapsIt() {
        // a stream over a driver that wraps whatever its consumer throws
        Spliterator<SitemapUrl> wrapping = new Spliterators.AbstractSpliterator<>(Long.MAX_VALUE, Spliterator.ORDERED) {
            private int i;

            @Override
            public boolean tryAdvance(Consumer<? super SitemapUrl> action) {
                if (i == 250) {
                    return false;
                }
                try {
                    action.accept(SitemapUrl.of(UrlsetWriterTest.SITE.url("p/" + i++)));
                } catch (RuntimeException e) {
                    throw new IllegalStateException("cursor failed", e);
                }
                return true;
            }
        };
        UrlSources sources =
                new UrlSources().register(UrlSource.of("products", site -> StreamSupport.stream(wrapping, false)));
        PageSink full = diskFull();
        Renderer identity = new Renderer(
                UrlsetWriterTest.SITE,
                PageOptions.builder().maxUrls(100).gzip(false).build());
        IOException e = assertThrows(IOException.class, () -> identity.render(sources, full));
        assertEquals("disk full", e.getMessage());
    }

    /** A sink that cannot open a page. */
    private static PageSink diskFull() {
        return new PageSink() {
            @Override
            public OutputStream openPage(String section, int number) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public void pageWritten(PageSummary page) {}
        };
    }
}
