package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.glassfish.jersey.servlet.ServletContainer;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.jaxrs.shop.PagesApplication;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;

/**
 * The base path in the other ways an application is deployed: a Jersey servlet mapped by hand
 * (the mapping wins, {@code @ApplicationPath} is ignored as JAX-RS ignores it) and Jersey as a
 * filter, where only the setting can tell. The SitemapKit filter is added by hand here.
 */
class DeploymentTest {
    @Test
    void servletMappedByHandWinsOverApplicationPath() throws Exception {
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addFilter(SitemapFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST));
        ServletHolder jersey = new ServletHolder("rest", ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", PagesApplication.class.getName());
        jersey.setInitOrder(1);
        context.addServlet(jersey, "/rest/*");
        try (JettyContainer app = JettyContainer.start(context)) {
            Crawl crawl = Crawl.of(app.origin() + "/sitemap.xml");
            assertEquals(List.of(app.origin() + "/sitemap.xml"), crawl.pages, "one page: the root is the urlset");
            assertEquals(
                    Set.of(app.origin() + "/rest/", app.origin() + "/rest/about", app.origin() + "/rest/%C3%BCber-uns"),
                    new TreeSet<>(crawl.urls.keySet()));
            crawl.urls.keySet().forEach(u -> assertEquals(200, Http.get(u).status(), u));

            // The feature is discovered by JAX-RS clients too, where it must do nothing at all.
            Client client = ClientBuilder.newClient();
            try {
                assertEquals(
                        "<h1>about</h1>",
                        client.target(app.origin() + "/rest/about").request().get(String.class));
            } finally {
                client.close();
            }
        }
    }

    @Test
    void jerseyAsAFilterUsesTheBasePathSetting() throws Exception {
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/site");
        context.addFilter(SitemapFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST));
        FilterHolder jersey = new FilterHolder(ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", PagesApplication.class.getName());
        jersey.setInitParameter("jersey.config.servlet.filter.contextPath", "/app");
        jersey.setInitParameter("sitemapkit.jaxrs.base-path", "/app");
        context.addFilter(jersey, "/app/*", EnumSet.of(DispatcherType.REQUEST));
        try (JettyContainer app = JettyContainer.start(context)) {
            Crawl crawl = Crawl.of(app.origin() + "/site/sitemap.xml");
            assertEquals(
                    Set.of(
                            app.origin() + "/site/app/",
                            app.origin() + "/site/app/about",
                            app.origin() + "/site/app/%C3%BCber-uns"),
                    new TreeSet<>(crawl.urls.keySet()));
            crawl.urls.keySet().forEach(u -> assertEquals(200, Http.get(u).status(), u));
        }
    }

    @Test
    void jerseyAsAFilterWithoutTheSettingUsesJerseysFilterContextPath() throws Exception {
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addFilter(SitemapFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST));
        FilterHolder jersey = new FilterHolder(ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", PagesApplication.class.getName());
        jersey.setInitParameter("jersey.config.servlet.filter.contextPath", "/web");
        context.addFilter(jersey, "/web/*", EnumSet.of(DispatcherType.REQUEST));
        try (JettyContainer app = JettyContainer.start(context)) {
            Crawl crawl = Crawl.of(app.origin() + "/sitemap.xml");
            assertEquals(
                    Set.of(app.origin() + "/web/", app.origin() + "/web/about", app.origin() + "/web/%C3%BCber-uns"),
                    new TreeSet<>(crawl.urls.keySet()));
            crawl.urls.keySet().forEach(u -> assertEquals(200, Http.get(u).status(), u));
        }
    }

    /** The application's own listener: two URLs of its own in section "pages", as a Spring Boot app may add. */
    public static final class ListenerPages implements ServletContextListener {
        @Override
        public void contextInitialized(ServletContextEvent event) {
            SitemapKit.of(event.getServletContext()).register(UrlSource.paths("pages", "/", "/contact"));
        }
    }

    @Test
    void aJerseyServletStartedAtItsFirstRequestJoinsTheSectionAlreadyServed() throws Exception {
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addEventListener(new ListenerPages());
        context.addFilter(SitemapFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST));
        ServletHolder jersey = new ServletHolder("rest", ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", PagesApplication.class.getName());
        context.addServlet(jersey, "/rest/*"); // no init order: Jersey starts at its first request
        try (JettyContainer app = JettyContainer.start(context)) {
            String origin = app.origin();
            assertEquals(
                    Set.of(origin + "/", origin + "/contact"),
                    new TreeSet<>(Crawl.of(origin + "/sitemap.xml").urls.keySet()),
                    "served before the JAX-RS runtime started: the listener's URLs alone");

            assertEquals(200, Http.get(origin + "/rest/about").status()); // Jersey starts and publishes "pages"
            Set<String> all = Set.of(
                    origin + "/",
                    origin + "/contact",
                    origin + "/rest/",
                    origin + "/rest/about",
                    origin + "/rest/%C3%BCber-uns");
            long deadline = System.nanoTime() + 20_000_000_000L;
            Set<String> listed;
            while (!(listed = new TreeSet<>(
                                    Crawl.of(origin + "/sitemap.xml").urls.keySet()))
                            .equals(all)
                    && System.nanoTime() < deadline) {
                Thread.sleep(50); // the old pages are served, every read a good sitemap, until the re-render lands
            }
            assertEquals(all, listed, "the section re-rendered with the JAX-RS entries");
        }
    }
}
