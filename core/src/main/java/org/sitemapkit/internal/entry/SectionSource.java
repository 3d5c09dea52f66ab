package org.sitemapkit.internal.entry;

import java.util.List;
import java.util.stream.Stream;
import org.sitemapkit.internal.source.Routes;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * One section of {@code @SitemapEntry} methods as a {@link UrlSource}. It reads the registry at
 * every render, so an application that restarts (a Jersey reload) replaces its entries without a
 * new source.
 */
final class SectionSource implements UrlSource, Routes {
    private final String section;
    private final EntryRegistry registry;

    SectionSource(String section, EntryRegistry registry) {
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
    public List<Route> routes() {
        return registry.entries(section).stream()
                .map(e -> new Route(
                        e.displayPath(),
                        e.resourceClass.getName() + "#" + e.entry.methodName()
                                + (e.provider == null ? "" : ", rows of " + e.provider.getName()),
                        path -> path.startsWith(e.app.basePath())
                                && e.template.matchesPath(
                                        path.substring(e.app.basePath().length()))))
                .toList();
    }

    @Override
    public String toString() {
        return "@SitemapEntry methods of section " + section;
    }
}
