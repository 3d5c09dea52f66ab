package org.sitemapkit.source;

import java.util.Objects;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.sitemapkit.internal.source.SectionDefaults;
import org.sitemapkit.internal.source.SourcePlan;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/**
 * The one implementation behind {@link UrlSource}'s factories: rows, the mapping of a row, and
 * the section's defaults, which the renderer reads as a {@link SourcePlan}. Immutable: setting a
 * default makes a new source.
 */
final class Source implements UrlSource, SourcePlan.Planned {
    private final SourcePlan plan;

    private Source(SourcePlan plan) {
        this.plan = plan;
    }

    @SuppressWarnings("unchecked")
    static <R> Source rows(String section, UrlSource.Rows<R> rows, UrlSource.RowMapping<R> mapping) {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(mapping, "mapping");
        return new Source(new SourcePlan(
                section,
                SectionDefaults.NONE,
                rows::open,
                (row, site) -> mapping.map((R) row, site),
                null,
                null,
                "UrlSource(" + section + ")"));
    }

    @SuppressWarnings("unchecked")
    static <R> Source stable(
            String section, UrlSource.KeyedRows<R> rows, ToLongFunction<R> key, UrlSource.RowMapping<R> mapping) {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(mapping, "mapping");
        return new Source(new SourcePlan(
                section,
                SectionDefaults.NONE,
                site -> rows.open(site, Long.MIN_VALUE, Long.MAX_VALUE),
                (row, site) -> mapping.map((R) row, site),
                rows::open,
                row -> key.applyAsLong((R) row),
                "UrlSource.stable(" + section + ")"));
    }

    /** A source of the application's own class, given defaults: its URLs are its rows. */
    static Source of(UrlSource source) {
        if (source instanceof Source s) {
            return s;
        }
        return new Source(SourcePlan.ofUrls(source.section(), source::urls, source.toString()));
    }

    @Override
    public SourcePlan plan() {
        return plan;
    }

    @Override
    public String section() {
        return plan.section();
    }

    /** Every row mapped, for callers that want plain URLs: here a refused row fails the stream. */
    @Override
    public Stream<SitemapUrl> urls(Site site) throws Exception {
        return plan.rows().open(site).map(row -> plan.map(row, site));
    }

    @Override
    public Source changefreq(Changefreq value) {
        return with(plan.defaults().withChangefreq(Objects.requireNonNull(value, "value")));
    }

    @Override
    public Source priority(double value) {
        return with(plan.defaults().withPriority(value));
    }

    @Override
    public Source maxUrls(int value) {
        return with(plan.defaults().withMaxUrls(value));
    }

    private Source with(SectionDefaults defaults) {
        return new Source(plan.withDefaults(defaults));
    }

    @Override
    public String toString() {
        return plan.name();
    }
}
