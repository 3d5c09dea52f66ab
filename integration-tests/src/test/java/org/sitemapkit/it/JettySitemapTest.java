package org.sitemapkit.it;

import jakarta.servlet.DispatcherType;
import java.util.EnumSet;
import java.util.Map;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.sitemapkit.it.webapp.ItControl;
import org.sitemapkit.it.webapp.ItPages;
import org.sitemapkit.it.webapp.ItSources;
import org.sitemapkit.servlet.SitemapFilter;

/** The contract on Jetty 12, with the filter mapped in code as a user without web.xml would. */
class JettySitemapTest extends SitemapContract {
  @Override
  Container start(String contextPath, Map<String, String> params) {
    return JettyContainer.start(contextPath, ctx -> {
      params.forEach(ctx::setInitParameter);
      ctx.addEventListener(new ItSources());
      ctx.addServlet(ItControl.class, "/it/control");
      ctx.addServlet(ItPages.class, "/products/*");
      ctx.addServlet(ItPages.class, "/flaky/*");
      JettyContainer.serveStatic(ctx, TestWar.dir());
      ctx.addFilter(new FilterHolder(SitemapFilter.class), "/*", EnumSet.of(DispatcherType.REQUEST));
    });
  }
}
