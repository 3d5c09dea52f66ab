package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.servlet.Servlet;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.catalina.startup.Tomcat;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.ContainerClassLoader;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.TomcatContainer;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The WAR: SitemapKit only sits in WEB-INF/lib, web.xml says nothing about it, and deployed on Tomcat 11 (at
 * {@code /shop}) the application serves the same sitemap as the executable jar's Jetty run (at the root) with
 * the same data, and every URL it lists answers with an HTML page.
 */
class WarOnTomcatIT {

    private static final int PRODUCTS = 2_500;
    private static final Map<String, String> SETTINGS = Map.of("sitemapkit.max-urls", "1000");

    private static Path war;
    private static TomcatContainer tomcat;
    private static Server jetty;
    private static Crawl onTomcat;
    private static Crawl onJetty;
    private static String jettyOrigin;

    @BeforeAll
    static void start() throws Exception {
        war = Path.of(System.getProperty("sample.war", "target/sitemapkit-sample-app.war"));
        assertTrue(Files.isRegularFile(war), war + " is built by mvn package");
        ShopOptions options = ShopOptions.defaults().withProducts(PRODUCTS);
        for (Map.Entry<String, String> s : SETTINGS.entrySet()) {
            options = options.withSetting(s.getKey(), s.getValue());
        }
        // At /shop, as a WAR copied into webapps/ would be: every link and loc must carry the context path.
        // Its common class loader: the JDK, Tomcat and the Servlet API, none of the test class path's SitemapKit,
        // Jersey or H2, which must all come from the WAR.
        ClassLoader common = ContainerClassLoader.onlyJarsOf(
                WarOnTomcatIT.class.getClassLoader(), Tomcat.class, Servlet.class, Resource.class);
        tomcat = TomcatContainer.start(war, "/shop", options.contextParams(), common);
        onTomcat = Crawl.of(tomcat.base() + "/sitemap.xml");

        jetty = SampleApp.newServer(0, options);
        jetty.start();
        jettyOrigin = "http://127.0.0.1:" + SampleApp.localPort(jetty);
        onJetty = Crawl.of(jettyOrigin + "/sitemap.xml");
    }

    @AfterAll
    static void stop() throws Exception {
        if (jetty != null) {
            jetty.stop();
        }
        if (tomcat != null) {
            tomcat.close();
        }
    }

    @Test
    void webInfLibHoldsSitemapKitJerseyAndH2ButNoContainer() throws Exception {
        Set<String> libs = new TreeSet<>();
        try (ZipFile zip = new ZipFile(war.toFile())) {
            for (ZipEntry e : Collections.list(zip.entries())) {
                if (e.getName().startsWith("WEB-INF/lib/")) {
                    libs.add(e.getName().substring("WEB-INF/lib/".length()));
                }
                assertFalse(e.getName().contains("SampleApp"), "Jetty launcher in the WAR: " + e.getName());
            }
        }
        for (String wanted : List.of(
                "sitemapkit-core-",
                "sitemapkit-jaxrs-",
                "jersey-server-",
                "jersey-container-servlet-",
                "jersey-hk2-",
                "jakarta.ws.rs-api-",
                "h2-")) {
            assertTrue(libs.stream().anyMatch(l -> l.startsWith(wanted)), wanted + "*.jar in " + libs);
        }
        for (String unwanted : List.of("jetty-", "jakarta.servlet-api-", "slf4j-")) {
            assertTrue(libs.stream().noneMatch(l -> l.startsWith(unwanted)), "no " + unwanted + "*.jar: " + libs);
        }
    }

    @Test
    void webXmlHasNoSitemapKitEntry() throws Exception {
        try (ZipFile zip = new ZipFile(war.toFile());
                InputStream in = zip.getInputStream(zip.getEntry("WEB-INF/web.xml"))) {
            Element root = DocumentBuilderFactory.newInstance()
                    .newDocumentBuilder()
                    .parse(in)
                    .getDocumentElement();
            assertEquals("false", root.getAttribute("metadata-complete"));
            for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element) {
                    assertEquals("display-name", n.getNodeName(), "web.xml declares nothing but its name");
                }
            }
        }
    }

    @Test
    void theContainerRegisteredTheFilterFromTheWar() throws Exception {
        assertTrue(
                tomcat.context().getServletContext().getFilterRegistrations().containsKey("SitemapKit"),
                "SitemapInitializer maps the filter as SitemapKit");
        ClassLoader webapp = tomcat.context().getLoader().getClassLoader();
        for (String name : List.of(
                "org.sitemapkit.SitemapFilter",
                "org.sitemapkit.jaxrs.SitemapEntryFeature",
                "org.glassfish.jersey.servlet.ServletContainer",
                "org.h2.Driver",
                "org.sitemapkit.sample.ShopDatabase")) {
            Class<?> c = Class.forName(name, false, webapp);
            assertTrue(c.getClassLoader() == webapp, name + " comes from the WAR, not the test class path");
        }
    }

    @Test
    void servesTheSameSitemapAsTheJettyRun() {
        assertTrue(onTomcat.index && onJetty.index);
        List<String> pages = onTomcat.pagePaths(tomcat.base());
        assertEquals(
                List.of(
                        "/sitemap-articles-1.xml",
                        "/sitemap-categories-1.xml",
                        "/sitemap-pages-1.xml",
                        "/sitemap-products-1.xml",
                        "/sitemap-products-2.xml",
                        "/sitemap-products-3.xml",
                        "/sitemap-products-4.xml"),
                pages);
        assertEquals(pages, onJetty.pagePaths(jettyOrigin));
        Set<String> paths = onTomcat.paths(tomcat.base());
        assertEquals(PRODUCTS + 15, paths.size());
        assertEquals(paths.size(), onTomcat.count, "no URL listed twice");
        assertEquals(onJetty.paths(jettyOrigin), paths);
        assertTrue(paths.contains("/products/2500/sprocket-2500"), "last product");
    }

    @Test
    void everyListedUrlAnswersHtml() {
        for (String loc : onTomcat.urls.keySet()) {
            Http.Response r = Http.get(loc);
            assertEquals(200, r.status(), loc);
            assertTrue(r.contentType().startsWith("text/html"), loc + ": " + r.contentType());
        }
        String home = Http.get(tomcat.base() + "/").text();
        assertTrue(home.contains("<a href=\"/shop/categories/widgets\">"), home);
        String product = Http.get(tomcat.base() + "/products/1/widget-1").text();
        assertTrue(product.contains("<img src=\"/shop/images/products/1.svg\""), product);
        Http.Response image = Http.get(tomcat.base() + "/images/products/1.svg");
        assertEquals(200, image.status());
        assertEquals(
                404,
                Http.get(tomcat.base() + "/products/" + (PRODUCTS + 1) + "/widget-1")
                        .status());
        assertTrue(
                Http.get(tomcat.base() + "/robots.txt").text().contains("Sitemap: " + tomcat.base() + "/sitemap.xml"));
    }
}
