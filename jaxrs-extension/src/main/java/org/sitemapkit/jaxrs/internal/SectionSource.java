package org.sitemapkit.jaxrs.internal;

import java.util.List;
import java.util.stream.Stream;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * One section of JAX-RS entries as a core {@link UrlSource}. It reads the registry at every
 * render, so a JAX-RS application that restarts replaces its entries without a new source.
 */
final class SectionSource implements UrlSource {
    private final String section;
    private final Registry registry;

    SectionSource(String section, Registry registry) {
        this.section = section;
        this.registry = registry;
    }

    @Override
    public String section() {
        return section;
    }

    @Override
    public Stream<SitemapUrl> urls(Site site) {
        String unplaced = registry.unplacedReason(section);
        if (unplaced != null) {
            throw new IllegalStateException(unplaced);
        }
        List<ResolvedEntry> entries = registry.entries(section);
        return EntryUrls.of(site, entries);
    }

    @Override
    public String toString() {
        return "JAX-RS @SitemapEntry methods of section " + section;
    }
}
