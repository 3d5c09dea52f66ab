package org.sitemapkit.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.SiteMapURL;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Set;
import java.util.logging.Level;
import java.util.regex.Pattern;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sitemapkit.testsupport.Await;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/**
 * An application with the extension and no annotation processor: its {@code @SitemapEntry} methods, found in
 * Quarkus' index at build time, are listed in /sitemap.xml as crawler-commons reads it in strict mode (a
 * {@code @POST} one left out with a warning of the build); an index
 * file of the processor on the class path, stale here, is not read; the readiness check is in
 * {@code /q/health/ready}; the meters are in Quarkus' Micrometer registry.
 */
class SitemapEntryTest {
    static final String PORT = System.getProperty("quarkus.http.test-port", "8081");
    static final String BASE = "http://localhost:" + PORT;

    /** A processor's index left from an earlier build, listing a method the class no longer has. */
    static final String STALE_INDEX = "# sitemapkit-jaxrs entries 1\n"
            + "# class\tmethod\ttemplate\tsection\tchangefreq\tpriority\tparams\n"
            + PageResource.class.getName() + "\tgone()\tpages/gone\tpages\t-\t-\t-\n";

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(
                            PageResource.class, ItemResource.class, ItemParams.class, FaultyResource.class)
                    .addAsResource(new StringAsset(STALE_INDEX), "META-INF/sitemapkit/jaxrs-entries.tsv")
                    .addAsResource(
                            new StringAsset("sitemapkit.allowed-hosts=localhost:" + PORT + ",127.0.0.1:" + PORT + "\n"),
                            "application.properties"))
            .setLogRecordPredicate(r -> r.getLevel().intValue() >= Level.WARNING.intValue())
            .assertLogRecords(records -> assertTrue(
                    records.stream()
                            .anyMatch(r -> r.getMessage()
                                    .startsWith("sitemapkit: skipping @SitemapEntry on "
                                            + FaultyResource.class.getName() + "#post(): only @GET methods are pages")),
                    "the build warned about FaultyResource#post"));

    /** Quarkus' registry, Micrometer's global one, which the engine's meters join. */
    @Inject
    MeterRegistry registry;

    static Set<String> expected() {
        return Set.of(
                BASE + "/pages/about",
                BASE + "/pages/contact",
                BASE + "/items/1",
                BASE + "/items/2",
                BASE + "/items/3");
    }

    @Test
    void everyEntryOfTheIndexIsListedAndNoStaleOne() {
        Crawl crawl = Crawl.until(
                BASE + "/sitemap.xml",
                Duration.ofSeconds(30),
                c -> c.urls.size() >= expected().size());
        Crawl.assertSameSet(expected(), crawl.urls.keySet());
        assertEquals(
                SiteMapURL.ChangeFrequency.DAILY,
                crawl.urls.get(BASE + "/items/2").getChangeFrequency());
    }

    @Test
    void theMetersAreInQuarkusRegistry() {
        Crawl.until(
                BASE + "/sitemap.xml",
                Duration.ofSeconds(30),
                c -> c.urls.size() >= expected().size());
        assertNotNull(registry.find("sitemapkit.urls").tag("section", "items").gauge(), "in Quarkus' registry");
        // Quarkus' root registry is a composite: a registry added to it, as a backend's is, reads the values
        SimpleMeterRegistry reader = new SimpleMeterRegistry();
        CompositeMeterRegistry root = (CompositeMeterRegistry) registry;
        root.add(reader);
        try {
            Await.until(
                    Duration.ofSeconds(30),
                    () -> reader.find("sitemapkit.urls").tag("section", "items").gauge(),
                    gauge -> gauge != null && gauge.value() == 3,
                    gauge -> "sitemapkit.urls of items: " + (gauge == null ? "none" : gauge.value()));
        } finally {
            root.remove(reader);
        }
    }

    @Test
    void theReadinessCheckIsThere() {
        Crawl.until(
                BASE + "/sitemap.xml",
                Duration.ofSeconds(30),
                c -> c.urls.size() >= expected().size());
        Http.Response ready = Http.get(BASE + "/q/health/ready");
        assertEquals(200, ready.status(), ready.text());
        assertTrue(
                Pattern.compile("\"name\"\\s*:\\s*\"sitemapkit\"")
                        .matcher(ready.text())
                        .find(),
                ready.text());
    }
}
