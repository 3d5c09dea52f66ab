package org.sitemapkit.internal.service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.sitemapkit.internal.changes.ChangedUrls;
import org.sitemapkit.internal.status.Explanation;
import org.sitemapkit.internal.status.IndexNowStatus;
import org.sitemapkit.internal.status.LiveSection;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.status.StatusSource;

/**
 * What this node's sections did, for the status views (the HTML status page, JMX, meters, health
 * checks): read from this node's memory only, never from a shared store, so that watching costs
 * the cluster nothing. Apart from {@link SitemapService}, which serves and invalidates.
 */
final class ServiceStatus implements StatusSource {
    private final SiteCache sites;
    /** Where changed URLs go (IndexNow), for its counts; null when IndexNow is off. */
    private final ChangedUrls indexNow;
    /** Told of every section this node comes to hold, for the meters and MBeans. */
    private final List<Consumer<LiveSection>> listeners = new CopyOnWriteArrayList<>();

    /** Explains a URL of whichever site it names. */
    private final java.util.function.Function<String, Explanation> explainer;

    ServiceStatus(SiteCache sites, ChangedUrls indexNow, java.util.function.Function<String, Explanation> explainer) {
        this.sites = sites;
        this.indexNow = indexNow;
        this.explainer = explainer;
    }

    @Override
    public Explanation explain(String url) {
        return explainer.apply(url);
    }

    /** A section this node now holds, told to whoever watches each section. */
    void held(String site, String section, SectionState state) {
        LiveSection live = new Live(site, section, state);
        listeners.forEach(l -> l.accept(live));
    }

    @Override
    public List<SectionStatus> sections() {
        List<SectionStatus> all = new ArrayList<>();
        for (SiteState s : sites.all()) {
            new TreeMap<>(s.sections).forEach((name, state) -> all.add(state.status(s.base, name)));
        }
        all.sort(Comparator.comparing(SectionStatus::site).thenComparing(SectionStatus::section));
        return all;
    }

    @Override
    public IndexNowStatus indexNow() {
        return indexNow == null ? null : indexNow.status();
    }

    @Override
    public void eachSection(Consumer<LiveSection> listener) {
        listeners.add(listener); // first, so that a section made meanwhile is not missed
        for (SiteState s : sites.all()) {
            s.sections.forEach((name, state) -> listener.accept(new Live(s.base, name, state)));
        }
    }

    /** One held section, read again by a meter for as long as the process runs. */
    private record Live(String site, String section, SectionState state) implements LiveSection {
        @Override
        public SectionStatus status() {
            return state.status(site, section);
        }
    }
}
