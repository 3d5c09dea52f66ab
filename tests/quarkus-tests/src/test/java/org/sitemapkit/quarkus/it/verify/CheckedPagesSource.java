package org.sitemapkit.quarkus.it.verify;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.Config;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.CheckedPages;

/**
 * Lists {@link CheckedPagesResource}'s pages as section {@link CheckedPages#SECTION} through the injected
 * SitemapKit, when the test profile sets {@code it.verify-pages}: the other tests' sitemap stays
 * as theirs.
 */
@ApplicationScoped
public class CheckedPagesSource {
    void register(@Observes StartupEvent start, SitemapKit kit, Config config) {
        if (config.getOptionalValue("it.verify-pages", Boolean.class).orElse(false)) {
            kit.register(UrlSource.of(
                    CheckedPages.SECTION,
                    site -> CheckedPages.listed().stream().map(listed -> {
                        SitemapUrl.Builder b = SitemapUrl.builder(site.url(listed.path()));
                        listed.alternates().forEach((language, path) -> b.alternate(language, site.url(path)));
                        return b.build();
                    })));
        }
    }
}
