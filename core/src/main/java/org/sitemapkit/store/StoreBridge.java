package org.sitemapkit.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sitemapkit.internal.service.StoreAccess;

/** The store's side of {@link StoreAccess}: installed when {@link CachedPage} loads. */
final class StoreBridge implements StoreAccess.Bridge {
    @Override
    public CachedPage page(byte[] gzip, int identityLength, int urlCount, String lastmod, long lastModifiedMillis) {
        return new CachedPage(gzip, identityLength, urlCount, lastmod, lastModifiedMillis);
    }

    @Override
    public RenderedSection section(
            String section,
            long renderedAtMillis,
            List<CachedPage> pages,
            Map<String, Long> skipped,
            long[] boundaries) {
        return new RenderedSection(section, renderedAtMillis, pages, skipped, boundaries);
    }

    @Override
    public long[] boundaries(RenderedSection section) {
        return section.boundaries();
    }

    @Override
    public long renderedAtMillis(RenderedSection section) {
        return section.renderedAtMillis();
    }

    @Override
    public String version(RenderedSection section) {
        return section.version();
    }

    @Override
    public Path directory(DiskPageStore store) {
        return store.directory();
    }
}
