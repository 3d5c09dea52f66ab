package org.sitemapkit.internal.entry;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;

/**
 * The URLs of a section's entries as one stream that the renderer pushes through with
 * {@code forEachOrdered}: a plain entry gives one URL, a templated one a URL per row of its
 * provider, whose stream is opened only when reached and closed as soon as it is drained. The
 * provider's stream is pushed, never pulled through {@code iterator()}, which would buffer a
 * provider's {@code flatMap} whole.
 */
final class EntryUrls {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.entry");

    private final Site site;
    private final ResolvedEntry current;
    private long skipped;
    private String firstSkip;

    private EntryUrls(Site site, ResolvedEntry entry) {
        this.site = site;
        this.current = entry;
    }

    static Stream<SitemapUrl> of(Site site, List<ResolvedEntry> entries) {
        return entries.stream().flatMap(e -> new EntryUrls(site, e).urls());
    }

    private Stream<SitemapUrl> urls() {
        ResolvedEntry e = current;
        if (e.provider == null) {
            return Stream.ofNullable(url(e, null));
        }
        Stream<PathParams> rows;
        try {
            rows = e.app.providers().get(e.provider).params(new Context(e, site));
        } catch (RuntimeException ex) {
            throw ex;
        } catch (Exception ex) {
            throw new IllegalStateException(e.provider.getName() + " failed for " + e.displayPath() + ": " + ex, ex);
        }
        if (rows == null) {
            throw new IllegalStateException(e.provider.getName() + ".params() returned null for " + e.displayPath());
        }
        return rows.map(row -> url(e, row)).filter(Objects::nonNull).onClose(this::report);
    }

    /** The URL for one row (null for a plain entry), or null after counting why it is skipped. */
    private SitemapUrl url(ResolvedEntry e, PathParams row) {
        if (row == null && e.provider != null) {
            return skip(e, "the provider yielded a null row");
        }
        String path = row == null
                ? e.template.expand(name -> null)
                : e.template.expand(name -> row.get(name).orElse(null));
        if (path == null) {
            for (String name : e.template.variables()) {
                String problem = e.template.problem(name, row.get(name).orElse(null));
                if (problem != null) {
                    return skip(e, "{" + name + "} " + problem + " in " + row);
                }
            }
            return skip(e, "a value cannot be encoded in " + row);
        }
        try {
            SitemapUrl.Builder b = SitemapUrl.builder(site.url(e.app.basePath() + path));
            Changefreq changefreq = row != null && row.changefreq() != null ? row.changefreq() : e.changefreq;
            double priority = row != null && !Double.isNaN(row.priority()) ? row.priority() : e.priority;
            b.changefreq(changefreq);
            if (!Double.isNaN(priority)) {
                b.priority(priority);
            }
            if (row != null) {
                b.lastmod(row.lastmod());
                for (String image : row.images()) {
                    b.image(absolute(e, image));
                }
                for (Map.Entry<String, String> a : row.alternates().entrySet()) {
                    b.alternate(a.getKey(), absolute(e, a.getValue()));
                }
            }
            return b.build();
        } catch (IllegalArgumentException ex) {
            return skip(e, ex.getMessage());
        }
    }

    /**
     * A path starting with {@code /} is under the JAX-RS application, as entry paths are, and is
     * percent-encoded as the entries' own paths are, so that an alternate naming this very page
     * equals its loc.
     */
    private String absolute(ResolvedEntry e, String urlOrPath) {
        return urlOrPath.startsWith("/") ? site.url(e.app.basePath() + PathEncoding.literal(urlOrPath)) : urlOrPath;
    }

    private SitemapUrl skip(ResolvedEntry e, String why) {
        if (e.provider == null) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "sitemapkit: skipped {0} ({1}#{2}): {3}",
                    e.displayPath(),
                    e.resourceClass.getName(),
                    e.entry.methodName(),
                    LogText.quote(why));
            return null;
        }
        if (skipped++ == 0) {
            firstSkip = why;
        }
        return null;
    }

    /** Once the entry's rows are drained: how many were skipped, and the first reason. */
    private void report() {
        if (skipped > 0) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "sitemapkit: skipped {0} URL(s) of {1} ({2}#{3}); the first: {4}",
                    skipped,
                    current.displayPath(),
                    current.resourceClass.getName(),
                    current.entry.methodName(),
                    LogText.quote(firstSkip));
        }
    }

    /** What a provider sees of the entry it serves. */
    private static final class Context implements PathParamsContext {
        private final ResolvedEntry entry;
        private final Site site;

        Context(ResolvedEntry entry, Site site) {
            this.entry = entry;
            this.site = site;
        }

        @Override
        public Object attribute(String name) {
            return entry.app.attributes().apply(Objects.requireNonNull(name, "name"));
        }

        @Override
        public Site site() {
            return site;
        }

        @Override
        public String pathTemplate() {
            return entry.entry.template();
        }

        @Override
        public Class<?> resourceClass() {
            return entry.resourceClass;
        }

        @Override
        public String resourceMethod() {
            return entry.entry.methodName();
        }
    }
}
