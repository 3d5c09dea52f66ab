package org.sitemapkit.spring;

import jakarta.servlet.ServletContext;
import java.util.Map;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code /actuator/sitemapkit}: per site and section, what is served (pages, URLs, bytes), the last
 * render's time and duration, skips by reason, renders, failures and 503s, and the last failure;
 * and IndexNow's counts. Exposed as Boot exposes endpoints ({@code management.endpoints.web.exposure.include}).
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
}
