package org.sitemapkit.it.verify;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContextListener;
import java.util.EnumSet;
import java.util.Map;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.testsupport.Container;
import org.sitemapkit.testsupport.TomcatContainer;
import org.sitemapkit.testsupport.VerifyPages;

/**
 * Page verification on Tomcat 11: the checks go through Tomcat's own connector and request
 * handling (absolute-form request lines, its error pages for the 404 and the 500), with the filter,
 * the pages and the listener added in code by the application's initializer.
 */
class TomcatPageVerificationTest extends PageVerificationContract {
    @Override
    Container start(Map<String, String> params, ServletContextListener listener) {
        return TomcatContainer.start("", params, (classes, ctx) -> {
            ctx.addServlet("pages", new VerifyPages()).addMapping("/pages/*");
            ctx.addFilter("sitemapkit", SitemapFilter.class)
                    .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
            ctx.addListener(listener);
        });
    }
}
