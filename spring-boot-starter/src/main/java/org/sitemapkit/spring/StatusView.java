package org.sitemapkit.spring;

import jakarta.servlet.ServletContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.status.AuditFindings;
import org.sitemapkit.internal.status.Health;
import org.sitemapkit.internal.status.IndexNowStatus;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.status.StatusSource;
import org.sitemapkit.internal.status.VerifyFindings;

/**
 * The status as plain maps, lists and strings, which any JSON mapper writes alike (Boot 4's Jackson
 * 3 and Boot 3's Jackson 2), for the endpoint and the health details.
 */
final class StatusView {
    private StatusView() {}

    /** The whole status: every section, and IndexNow when it is on. */
    static Map<String, Object> of(StatusSource source) {
        Map<String, Object> view = new LinkedHashMap<>();
        if (source == null) {
            view.put("serving", false);
            return view;
        }
        view.put("serving", true);
        List<Map<String, Object>> sections = new ArrayList<>();
        for (SectionStatus s : source.sections()) {
            sections.add(section(s));
        }
        view.put("sections", sections);
        IndexNowStatus indexNow = source.indexNow();
        if (indexNow != null) {
            Map<String, Object> i = new LinkedHashMap<>();
            i.put("queued", indexNow.queued());
            i.put("sent", indexNow.sent());
            i.put("refused", indexNow.refused());
            i.put("dropped", indexNow.dropped());
            view.put("indexNow", i);
        }
        return view;
    }

    static Map<String, Object> section(SectionStatus s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("site", s.site());
        m.put("section", s.section());
        m.put("state", s.state());
        m.put("renderedAt", text(s.renderedAt()));
        m.put("pages", s.pages());
        m.put("urls", s.urls());
        m.put("bytes", s.bytes());
        m.put("skipped", s.skipped());
        m.put("lastRenderMillis", s.lastRenderMillis());
        m.put("renders", s.renders());
        m.put("failures", s.failures());
        m.put("unavailable", s.unavailable());
        m.put("failingSince", text(s.failingSince()));
        m.put("lastFailure", s.lastFailure());
        m.put("audit", audit(s.audit()));
        m.put("verify", verify(s.verify()));
        m.put("verifyChecked", s.verifyChecked());
        m.put("verifyFailed", s.verifyFailed());
        return m;
    }

    /** The last check of the section's pages against the application's answers, or null before one. */
    private static Map<String, Object> verify(VerifyFindings f) {
        if (f == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("at", f.at().toString());
        m.put("summary", f.summary());
        m.put("checked", f.checked());
        m.put("failed", f.failed());
        m.put("unreachable", f.unreachable());
        m.put("problems", f.problems());
        m.put("examples", f.examples());
        m.put("excluded", f.excluded());
        return m;
    }

    /** The lastmod audit of the last whole render, or null before one. */
    private static Map<String, Object> audit(AuditFindings f) {
        if (f == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("clean", f.clean());
        m.put("summary", f.summary());
        m.put("withLastmod", f.withLastmod());
        m.put("shared", f.shared());
        m.put("sharedCount", f.sharedCount());
        m.put("future", f.future());
        m.put("newerThanRender", f.newerThanRender());
        m.put("allAtRender", f.allAtRender());
        m.put("newsRecent", f.newsRecent());
        m.put("newsExpired", f.newsExpired());
        m.put("hreflangLinks", f.hreflangLinks());
        m.put("oneSidedHreflangLinks", f.oneSidedLinks());
        return m;
    }

    /**
     * The contributor's answer from one snapshot of the sections, so that whether it is up and its
     * details never disagree.
     *
     * @param up down only as {@code health-down} asks
     * @param details how many sections, and which are stale (serving pages older than their last,
     *     failed, render) or failing (no page, 503)
     */
    record HealthReport(boolean up, Map<String, Object> details) {}

    /** The {@code sitemapkit} health of this web application's running filter. */
    static HealthReport health(ServletContext context) {
        StatusSource source = ServletStatus.of(context);
        Map<String, Object> details = new LinkedHashMap<>();
        if (source == null) {
            details.put("serving", false);
            return new HealthReport(true, details);
        }
        List<String> stale = new ArrayList<>();
        List<String> failing = new ArrayList<>();
        List<SectionStatus> all = source.sections();
        for (SectionStatus s : all) {
            String name = s.site() + " " + s.section();
            if (s.state().equals("stale")) {
                stale.add(name + " since " + s.failingSince());
            } else if (s.state().equals("failing")) {
                failing.add(name + " since " + s.failingSince());
            }
        }
        details.put("sections", all.size());
        details.put("stale", stale);
        details.put("failing", failing);
        return new HealthReport(Health.up(all, ServletStatus.healthDown(context)), details);
    }

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
