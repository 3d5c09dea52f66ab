package org.sitemapkit.it.webapp;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.annotation.WebListener;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * The test application's URL sources, registered in code as an application would: static
 * pages, 120 products (rendered slowly, to give concurrent requests time to pile up) and a
 * "flaky" section whose source can be made to fail. Each source counts how often it is opened.
 */
@WebListener
public final class ItSources implements ServletContextListener {
    public static final int PRODUCTS = 120;
    public static final Instant BASE = Instant.parse("2026-01-01T00:00:00Z");

    static final Map<String, AtomicInteger> RENDERS = new ConcurrentHashMap<>();
    static volatile boolean failing;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        failing = Boolean.parseBoolean(event.getServletContext().getInitParameter("it.fail"));
        if (event.getServletContext().getInitParameter("it.robots") != null
                && event.getServletContext().getServletRegistrations().values().stream()
                        .noneMatch(r -> ItRobots.class.getName().equals(r.getClassName()))) {
            ServletRegistration.Dynamic robots = event.getServletContext().addServlet("it-robots", ItRobots.class);
            robots.setAsyncSupported(true);
            robots.addMapping("/robots.txt");
        }
        RENDERS.clear();
        SitemapKit.of(event.getServletContext())
                // private/ is disallowed by the WAR's robots.txt: listed only with robots-check=false
                .register(counted("pages", () -> Stream.of("", "index.html", "about.html", "private/secret.html")))
                .register(counted("products", () -> {
                    sleep(300);
                    return IntStream.range(0, PRODUCTS).mapToObj(i -> "products/" + i);
                }))
                .register(counted("flaky", () -> {
                    if (failing) {
                        return Stream.of("flaky/1", "flaky/2").map(p -> {
                            throw new IllegalStateException("the flaky source is failing as the test asked");
                        });
                    }
                    return Stream.of("flaky/1", "flaky/2");
                }));
        String many = event.getServletContext().getInitParameter("it.many");
        if (many != null) {
            SitemapKit.of(event.getServletContext())
                    .register(UrlSource.of(
                            "many",
                            site -> IntStream.range(0, Integer.parseInt(many))
                                    .mapToObj(i -> SitemapUrl.of(site.url("many/" + i)))));
        }
        if (Boolean.parseBoolean(event.getServletContext().getInitParameter("it.stuck"))) {
            SitemapKit.of(event.getServletContext()).register(stuck());
        }
    }

    /** A section whose source never returns (until its render is abandoned and interrupted). */
    private static UrlSource stuck() {
        return UrlSource.of("stuck", site -> {
            sleep(Long.MAX_VALUE);
            return Stream.empty();
        });
    }

    interface Paths {
        Stream<String> get();
    }

    private static UrlSource counted(String section, Paths paths) {
        return UrlSource.of(section, site -> {
            RENDERS.computeIfAbsent(section, k -> new AtomicInteger()).incrementAndGet();
            return paths.get().map(p -> {
                int n = p.chars().filter(Character::isDigit).map(c -> c - '0').sum();
                return SitemapUrl.builder(site.url(p))
                        .lastmod(BASE.plusSeconds(86_400L * n))
                        .changefreq(Changefreq.WEEKLY)
                        .priority(p.isEmpty() ? 1.0 : 0.5)
                        .build();
            });
        });
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
