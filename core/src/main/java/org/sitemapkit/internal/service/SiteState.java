package org.sitemapkit.internal.service;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.RenderedSection;

/** The cached sections of one site, and its root document composed from them. */
final class SiteState {
    /** The site's base URL. */
    final String base;

    final ConcurrentHashMap<String, SectionState> sections = new ConcurrentHashMap<>();
    private volatile Root root;
    /** When a request last asked for this site, by the service's clock. */
    volatile long lastUsedMillis;

    SiteState(String base) {
        this.base = base;
    }

    /** The index documents (or the single urlset) and the section renders they were made from. */
    static final class Root {
        final List<RenderedSection> basis;
        final List<CachedPage> indexes;

        Root(List<RenderedSection> basis, List<CachedPage> indexes) {
            this.basis = basis;
            this.indexes = indexes;
        }

        boolean madeFrom(List<RenderedSection> sections) {
            if (sections.size() != basis.size()) {
                return false;
            }
            for (int i = 0; i < sections.size(); i++) {
                if (sections.get(i) != basis.get(i)
                        && !sections.get(i).version().equals(basis.get(i).version())) {
                    return false;
                }
            }
            return true;
        }
    }

    Root root() {
        return root;
    }

    void root(Root value) {
        root = value;
    }

    List<SectionState> all() {
        return new ArrayList<>(sections.values());
    }
}
