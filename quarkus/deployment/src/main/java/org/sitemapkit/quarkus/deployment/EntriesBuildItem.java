package org.sitemapkit.quarkus.deployment;

import io.quarkus.builder.item.SimpleBuildItem;
import java.util.List;
import org.sitemapkit.internal.entry.IndexedEntry;

/** The {@code @SitemapEntry} methods this build found, for the Dev UI card to list. */
public final class EntriesBuildItem extends SimpleBuildItem {
    private final List<IndexedEntry> entries;

    EntriesBuildItem(List<IndexedEntry> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * The entries, in the order of the index file.
     *
     * @return the entries
     */
    public List<IndexedEntry> entries() {
        return entries;
    }
}
