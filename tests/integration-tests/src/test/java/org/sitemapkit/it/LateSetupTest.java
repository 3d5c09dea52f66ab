package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.junit.jupiter.api.Test;
import org.sitemapkit.PageStore;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.SitemapSettings;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;

/**
 * Settings and a store given after the filter started would be ignored without a word: on a real
 * Jetty, both calls fail then, naming where to make them, and the running filter is unchanged.
 */
class LateSetupTest {

    @Test
    void settingsAndStoreAfterTheFilterStartedAreRefused() {
        AtomicReference<ServletContext> context = new AtomicReference<>();
        try (JettyContainer jetty = JettyContainer.start("", ctx -> {
            context.set(ctx.getServletContext());
            SitemapKit.of(ctx.getServletContext()).register(UrlSource.paths("pages", "/", "/about"));
            ctx.addFilter(new FilterHolder(SitemapFilter.class), "/*", EnumSet.of(DispatcherType.REQUEST));
        })) {
            assertEquals(200, Http.get(jetty.baseUri().resolve("/sitemap.xml")).status());
            SitemapKit kit = SitemapKit.of(context.get());
            IllegalStateException late = assertThrows(
                    IllegalStateException.class, () -> kit.settings(SitemapSettings.of(Map.of("max-urls", "1"))));
            assertTrue(
                    late.getMessage().contains("settings(...) was called after the filter started"), late.getMessage());
            assertTrue(late.getMessage().contains("contextInitialized"), late.getMessage());
            IllegalStateException store =
                    assertThrows(IllegalStateException.class, () -> kit.store(PageStore.memory()));
            assertTrue(
                    store.getMessage().contains("store(...) was called after the filter started"), store.getMessage());
            assertTrue(Http.get(jetty.baseUri().resolve("/sitemap.xml")).text().contains("/about"));
        }
    }
}
