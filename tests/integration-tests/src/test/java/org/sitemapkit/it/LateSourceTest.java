package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.LogRecords;

/**
 * A source registered after the sitemap was served (a JAX-RS runtime that starts at its first
 * request, say) on a plain Jetty: a section already served re-renders with it, its old pages
 * served meanwhile, and a section new to the sitemap is listed by the index.
 */
class LateSourceTest {

    /** The application's listener: two URLs in section "pages", before the filter starts. */
    public static final class Pages implements ServletContextListener {
        @Override
        public void contextInitialized(ServletContextEvent event) {
            SitemapKit.of(event.getServletContext()).register(UrlSource.paths("pages", "/", "/about"));
        }
    }

    @Test
    void aSourceJoiningAServedSectionIsListedAfterItsReRender() throws Exception {
        AtomicReference<ServletContext> context = new AtomicReference<>();
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                JettyContainer jetty = JettyContainer.start("", SitemapFilter.class, ctx -> {
                    context.set(ctx.getServletContext());
                    ctx.addEventListener(new Pages());
                })) {
            String origin = jetty.origin();
            Crawl before = Crawl.of(origin + "/sitemap.xml");
            assertFalse(before.index, "one section, one page: the root is the urlset");
            assertEquals(Set.of("/", "/about"), before.paths(origin));

            SitemapKit.of(context.get()).register(UrlSource.paths("pages", "/contact"));
            Crawl after = crawlUntil(origin, c -> c.paths(origin).contains("/contact"));
            assertEquals(Set.of("/", "/about", "/contact"), after.paths(origin));
            assertEquals(
                    1,
                    logs.containing("INFO", "a source joined section pages after this node served it")
                            .size(),
                    String.join("\n", logs.lines()));

            SitemapKit.of(context.get()).register(UrlSource.paths("news", "/news/1"));
            Crawl grown = crawlUntil(origin, c -> c.index);
            assertEquals(List.of(origin + "/sitemap-news-1.xml", origin + "/sitemap-pages-1.xml"), grown.pages);
            assertEquals(Set.of("/", "/about", "/contact", "/news/1"), grown.paths(origin));
            assertEquals(
                    0,
                    logs.containing("INFO", "a source joined section news").size(),
                    "a section never served has nothing to re-render");
        }
    }

    /**
     * Reads the sitemap as a crawler until {@code done} holds, failing after 20 s. Every read must
     * succeed: the old pages are served while the new ones render.
     */
    static Crawl crawlUntil(String origin, Predicate<Crawl> done) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (true) {
            Crawl crawl = Crawl.of(origin + "/sitemap.xml");
            if (done.test(crawl)) {
                return crawl;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the sitemap did not change in 20 s: " + crawl.urls.keySet());
            }
            Thread.sleep(50);
        }
    }
}
