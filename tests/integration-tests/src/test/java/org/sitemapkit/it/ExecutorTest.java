package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;

/**
 * An application's executor runs SitemapKit's work: on a real Jetty, the render of every section
 * (and its background deflate) happens on the given executor's threads, the sitemap is whole, and
 * the executor is still the application's to shut down after the filter stopped.
 */
class ExecutorTest {

    @Test
    void rendersRunOnTheGivenExecutorWhichOutlivesTheFilter() throws Exception {
        AtomicInteger made = new AtomicInteger();
        ExecutorService executor =
                Executors.newCachedThreadPool(r -> new Thread(r, "app-pool-" + made.incrementAndGet()));
        Set<String> renderedOn = ConcurrentHashMap.newKeySet();
        AtomicReference<ServletContext> context = new AtomicReference<>();
        try {
            try (JettyContainer jetty = JettyContainer.start("", ctx -> {
                context.set(ctx.getServletContext());
                SitemapKit kit = SitemapKit.of(ctx.getServletContext()).executor(executor);
                kit.register(UrlSource.paths("pages", "/", "/about"));
                kit.register(UrlSource.of("products", site -> {
                    renderedOn.add(Thread.currentThread().getName());
                    return LongStream.range(0, 120_000).mapToObj(i -> SitemapUrl.of(site.url("/products/" + i)));
                }));
                ctx.addFilter(new FilterHolder(SitemapFilter.class), "/*", EnumSet.of(DispatcherType.REQUEST));
            })) {
                String index = Http.get(jetty.baseUri().resolve("/sitemap.xml")).text();
                assertTrue(index.contains("sitemap-products-3.xml"), index);
                assertEquals(
                        200,
                        Http.get(jetty.baseUri().resolve("/sitemap-products-3.xml"))
                                .status());
                assertFalse(renderedOn.isEmpty());
                assertTrue(renderedOn.stream().allMatch(n -> n.startsWith("app-pool-")), "rendered on " + renderedOn);
                assertThrows(
                        IllegalStateException.class,
                        () -> SitemapKit.of(context.get()).executor(executor));
            }
            assertFalse(executor.isShutdown(), "the application's executor is its own to shut down");
        } finally {
            executor.shutdownNow();
        }
    }
}
