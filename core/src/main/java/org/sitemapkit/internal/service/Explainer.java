package org.sitemapkit.internal.service;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.sitemapkit.internal.changes.ChangedUrls;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.RenderControl;
import org.sitemapkit.internal.render.SkipReason;
import org.sitemapkit.internal.render.UrlEncoder;
import org.sitemapkit.internal.render.UrlFilter;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.source.Routes;
import org.sitemapkit.internal.source.SourcePlan;
import org.sitemapkit.internal.status.Explanation;
import org.sitemapkit.internal.status.Explanation.Fact;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.internal.verify.ListedUrls;
import org.sitemapkit.internal.verify.Verifier;
import org.sitemapkit.model.Site;

/**
 * Answers "why is this URL (not) in the sitemap?". Nothing is kept for it beyond what the engine
 * keeps anyway (the last checks and IndexNow sends of the last 10,000 URLs each): a listed URL is
 * found by reading the stored pages of the site's sections, one page at a time; a rule that leaves
 * a URL out whatever gives it (another host, {@code exclude}, robots.txt, a failed page check) is
 * judged from the URL alone; and only then are the sections' sources read anew, as a render reads
 * them but writing nothing, under the render deadline and one explanation at a time, to tell a URL
 * a source gives and a rule skips from one no source gives.
 */
final class Explainer {
    private final Settings settings;
    private final UrlSources sources;
    private final SectionStore store;
    private final SectionRenderer renderer;
    private final Verifier verifier;
    private final ChangedUrls changed;
    private final SectionState.Limits limits;
    /** One re-read of the sources at a time: each costs a render's reading. */
    private final Semaphore rereading = new Semaphore(1);

    Explainer(
            Settings settings,
            UrlSources sources,
            SectionStore store,
            SectionRenderer renderer,
            Verifier verifier,
            ChangedUrls changed,
            SectionState.Limits limits) {
        this.settings = settings;
        this.sources = sources;
        this.store = store;
        this.renderer = renderer;
        this.verifier = verifier;
        this.changed = changed;
        this.limits = limits;
    }

    Explanation explain(Site site, String asked) {
        String text = asked == null ? "" : asked.strip();
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("site", site.base()));
        if (text.isEmpty() || text.length() > 4096) {
            facts.add(new Fact("why", "give an absolute URL of this site, or a path from its host's root"));
            return new Explanation(text, "not-a-url", facts);
        }
        String url = text.startsWith("/") ? site.origin() + text : text;
        URI uri;
        try {
            uri = new URI(url);
        } catch (java.net.URISyntaxException e) {
            uri = null;
        }
        if (uri == null || !uri.isAbsolute() || uri.getHost() == null) {
            facts.add(new Fact("why", "not an absolute http or https URL: give one, or a path from the host's root"));
            return new Explanation(text, "not-a-url", facts);
        }
        StringBuilder written = new StringBuilder();
        SkipReason r = UrlEncoder.check(url, site, written);
        if (r == SkipReason.OTHER_HOST || r == SkipReason.OTHER_SCHEME || r == SkipReason.OTHER_PORT) {
            facts.add(new Fact(
                    "why",
                    "this sitemap is " + site.base() + "'s, and a sitemap may list only URLs of its own"
                            + " scheme, host and port (" + r + ")"));
            return new Explanation(text, "not-on-this-site", facts);
        }
        String loc = r == null ? written.toString() : null;
        if (loc != null) {
            facts.add(new Fact("as written", loc));
            Explanation listed = listed(site, text, loc, facts);
            if (listed != null) {
                return listed;
            }
        }
        if (r != null) {
            facts.add(new Fact("skipped", r + ": " + describe(r)));
            return new Explanation(text, "skipped", facts);
        }
        String path = UrlFilter.pathAndQuery(loc);
        if (!renderer.exclude().isEmpty() && !renderer.exclude().allows(path.split("\\?", 2)[0])) {
            facts.add(new Fact(
                    "skipped",
                    "EXCLUDED: its path matches a pattern of the exclude setting "
                            + settings.robots().exclude()));
            return new Explanation(text, "skipped", facts);
        }
        if (!renderer.robotsFor(site).isEmpty() && !renderer.robotsFor(site).allows(path)) {
            facts.add(new Fact(
                    "skipped",
                    "ROBOTS_DISALLOWED: the site's robots.txt disallows it to every crawler (User-agent: *)"));
            return new Explanation(text, "skipped", facts);
        }
        for (String section : sources.bySection().keySet()) {
            String why = verifier.excludedWhy(SectionRenderer.key(site, section), loc);
            if (why != null) {
                facts.add(new Fact("section", section));
                facts.add(new Fact("skipped", "FAILED_VERIFICATION: its last page check failed (" + why + ")"));
                return new Explanation(text, "skipped", facts);
            }
        }
        return reread(site, text, loc, facts);
    }

    /** The URL found on a stored page, with all that is known of it; null when no page lists it. */
    private Explanation listed(Site site, String text, String loc, List<Fact> facts) {
        for (String section : sources.bySection().keySet()) {
            RenderedSection rendered = store.get(SectionRenderer.key(site, section));
            if (rendered == null) {
                continue;
            }
            List<CachedPage> pages = rendered.pages();
            for (int i = 0; i < pages.size(); i++) {
                ListedUrls.Found found;
                try {
                    found = ListedUrls.find(pages.get(i).gzip(), loc);
                } catch (IOException | RuntimeException e) {
                    facts.add(new Fact("unreadable", "page " + (i + 1) + " of " + section + ": " + e.getMessage()));
                    continue;
                }
                if (found == null) {
                    continue;
                }
                facts.add(new Fact("section", section));
                facts.add(new Fact(
                        "page",
                        (i + 1) + " of " + pages.size() + " (sitemap-" + section + "-" + (i + 1) + ".xml), entry "
                                + (found.position() + 1)));
                facts.add(new Fact("source", sourcesOf(section)));
                String lastmod = found.listed().lastmod();
                facts.add(new Fact(
                        "lastmod",
                        lastmod == null ? "none: the source gives none for it" : lastmod + ", as the source gave it"));
                facts.add(new Fact(
                        "rendered",
                        Instant.ofEpochMilli(rendered.renderedAtMillis()).toString()));
                facts.add(new Fact("page check", pageCheck(loc)));
                facts.add(new Fact("IndexNow", indexNow(loc)));
                return new Explanation(text, "listed", facts);
            }
        }
        return null;
    }

    /** Reads the sources anew: is the URL given and skipped, given after the last render, or not given? */
    private Explanation reread(Site site, String text, String loc, List<Fact> facts) {
        if (!rereading.tryAcquire()) {
            facts.add(new Fact("why", "another explanation is reading the sources; ask again in a moment"));
            return new Explanation(text, "busy", facts);
        }
        try {
            long started = System.nanoTime();
            for (String section : sources.bySection().keySet()) {
                RenderControl control = new RenderControl();
                ScheduledFuture<?> deadline = limits.timer.schedule(
                        () -> control.abandon("the render deadline passed"),
                        limits.deadlineMillis,
                        TimeUnit.MILLISECONDS);
                SectionRenderer.Reread found;
                control.start();
                try {
                    found = renderer.reread(site, section, text, loc, control);
                } catch (IOException | RuntimeException e) {
                    facts.add(new Fact("unread", "section " + section + ": " + e.getMessage()));
                    continue;
                } finally {
                    control.end();
                    deadline.cancel(false);
                    Thread.interrupted(); // an abandon's interrupt must not reach the caller
                }
                if (found.skipped() != null) {
                    facts.add(new Fact("section", section));
                    facts.add(new Fact("source", sourcesOf(section)));
                    facts.add(new Fact("skipped", found.skipped() + ": " + describe(found.skipped())));
                    facts.add(new Fact("read", readIn(started)));
                    return new Explanation(text, "skipped", facts);
                }
                if (found.written()) {
                    RenderedSection rendered = store.get(SectionRenderer.key(site, section));
                    facts.add(new Fact("section", section));
                    facts.add(new Fact("source", sourcesOf(section)));
                    facts.add(new Fact(
                            "not yet",
                            "its source gives it now, but the pages served were rendered "
                                    + (rendered == null
                                            ? "never yet"
                                            : "at " + Instant.ofEpochMilli(rendered.renderedAtMillis()))
                                    + ", before it: the next render (a change, an invalidate, or cache-ttl "
                                    + settings.timing().cacheTtl() + ") lists it"));
                    facts.add(new Fact("read", readIn(started)));
                    return new Explanation(text, "not-yet", facts);
                }
            }
            facts.add(new Fact("read", readIn(started)));
            List<String> routes = new ArrayList<>();
            for (String section : sources.bySection().keySet()) {
                for (Routes.Route route : sources.routes(section)) {
                    if (route.matches().test(pathUnder(site, loc))) {
                        routes.add(section + ": " + route.path() + " (" + route.origin() + ")");
                    }
                }
            }
            if (!routes.isEmpty()) {
                facts.add(new Fact(
                        "route", String.join("; ", routes) + ": it matches, but no row of its source gives this URL"));
                return new Explanation(text, "not-produced", facts);
            }
            facts.add(new Fact("why", "no source of this site gives it, and no @SitemapEntry route matches its path"));
            return new Explanation(text, "unknown", facts);
        } finally {
            rereading.release();
        }
    }

    private static String readIn(long started) {
        return "every source of the site's sections read anew in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " ms";
    }

    /** The section's sources, with their routes when they have routes. */
    private String sourcesOf(String section) {
        List<SourcePlan> plans = sources.bySection().getOrDefault(section, List.of());
        List<String> routes = new ArrayList<>();
        for (Routes.Route route : sources.routes(section)) {
            routes.add(route.path() + " (" + route.origin() + ")");
        }
        String names = plans.size() == 1
                ? plans.get(0).name()
                : "one of " + plans.stream().map(SourcePlan::name).toList();
        return routes.isEmpty() ? names : names + ": " + String.join("; ", routes);
    }

    private String pageCheck(String loc) {
        if (!verifier.on()) {
            return "off (verify=off)";
        }
        String last = verifier.lastResult(loc);
        return last != null ? last : "not checked on this node lately (a sample is checked per render)";
    }

    private String indexNow(String loc) {
        if (changed == null) {
            return "off (no indexnow-key)";
        }
        String last = changed.lastSent(loc);
        return last != null ? last : "not sent lately (not among the last 10,000 URLs handed to IndexNow here)";
    }

    /** The path under the site's base (what a route template names), without the query. */
    private static String pathUnder(Site site, String loc) {
        String rest =
                loc.startsWith(site.base()) ? "/" + loc.substring(site.base().length()) : UrlFilter.pathAndQuery(loc);
        int q = rest.indexOf('?');
        return q < 0 ? rest : rest.substring(0, q);
    }

    static String describe(SkipReason r) {
        return switch (r) {
            case OTHER_SCHEME -> "its scheme is not the site's";
            case OTHER_HOST -> "it is on another host";
            case OTHER_PORT -> "it names another port";
            case OUTSIDE_DIRECTORY -> "it is outside the web application's directory (its context path)";
            case DOT_SEGMENT -> "it has a . or .. segment, which crawlers resolve to another URL";
            case TOO_LONG -> "it is longer than 2,048 characters once percent-encoded";
            case CONTROL_CHARACTER -> "it has a control character";
            case MALFORMED -> "it is no valid URL (user information, a bad port or host)";
            case BAD_EXTENSION_URL -> "one of its alternate, image or video URLs cannot be written";
            case LARGER_THAN_PAGE -> "its entry alone is larger than a whole page may be (max-bytes)";
            case REFUSED_ROW -> "the source's mapping refused its row";
            case ROBOTS_DISALLOWED -> "the site's robots.txt disallows it to every crawler";
            case EXCLUDED -> "its path matches a pattern of the exclude setting";
            case NEWS_EXPIRED ->
                "a news article published more than two days before the render, with news-expired=skip";
            case FAILED_VERIFICATION -> "its last page check failed (verify-action=exclude)";
        };
    }
}
