package org.sitemapkit.spring;

import jakarta.servlet.ServletContext;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.status.Explanation;
import org.sitemapkit.internal.status.StatusSource;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * {@code /actuator/sitemapkit}: per site and section, what is served (pages, URLs, bytes), the last
 * render's time and duration, skips by reason, renders, failures and 503s, and the last failure;
 * and IndexNow's counts; {@code /actuator/sitemapkit/explain?url=} explains one URL. Exposed as Boot exposes endpoints ({@code management.endpoints.web.exposure.include}).
 */
@Endpoint(id = "sitemapkit")
public final class SitemapKitEndpoint {
    private final ServletContext context;

    SitemapKitEndpoint(ServletContext context) {
        this.context = context;
    }

    /**
     * The status now.
     *
     * @return sections and IndexNow, as JSON writes them
     */
    @ReadOperation
    public Map<String, Object> status() {
        return StatusView.of(ServletStatus.of(context));
    }

    /**
     * {@code /actuator/sitemapkit/explain?url=...}: why a URL is, or is not, in the sitemap.
     *
     * @param what {@code explain}, the only question
     * @param url an absolute URL of a site the application serves
     * @return the outcome and what was found, in order; null (a 404) for another question
     */
    @ReadOperation
    public Map<String, Object> explain(@Selector String what, String url) {
        if (!"explain".equals(what)) {
            return null;
        }
        StatusSource source = ServletStatus.of(context);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("url", url);
        if (source == null) {
            m.put("outcome", "not-serving");
            return m;
        }
        Explanation e = source.explain(url);
        m.put("outcome", e.outcome());
        Map<String, String> facts = new LinkedHashMap<>();
        e.facts().forEach(f -> facts.merge(f.label(), f.text(), (a, b) -> a + "; " + b));
        m.put("facts", facts);
        return m;
    }
}
