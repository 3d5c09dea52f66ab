package org.sitemapkit.it.verify;

import jakarta.servlet.ServletContextListener;
import java.util.Map;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.testsupport.Container;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.VerifyPages;

/** Page verification on Jetty 12, with the filter and the pages mapped in code. */
class JettyPageVerificationTest extends PageVerificationContract {
    @Override
    Container start(Map<String, String> params, ServletContextListener listener) {
        return JettyContainer.start("", SitemapFilter.class, ctx -> {
            params.forEach(ctx::setInitParameter);
            ctx.addServlet(new ServletHolder(new VerifyPages()), "/pages/*");
            ctx.addEventListener(listener);
        });
    }
}
