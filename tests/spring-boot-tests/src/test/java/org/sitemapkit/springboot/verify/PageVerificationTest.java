package org.sitemapkit.springboot.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.sitemapkit.spring.SitemapKitEndpoint;
import org.sitemapkit.testsupport.Await;
import org.sitemapkit.testsupport.CheckedPages;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.LogRecords;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Page verification in a Spring Boot application on the server Boot runs (Tomcat, or Jetty in the
 * jetty execution), through the starter's filter with settings from {@code sitemapkit.*}
 * properties: each bad Spring MVC page is reported as what it is, as Actuator's {@code sitemapkit}
 * endpoint shows it, or left out under verify-action=exclude, while the good pages stay; and
 * {@code /actuator/sitemapkit/explain} says why a URL is, or is not, listed.
 */
class PageVerificationTest {

    @Test
    void eachBadPageIsReportedAsWhatItIsAndNothingElse() {
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                ConfigurableApplicationContext app = start("report")) {
            String origin = origin(app);
            assertEquals(200, Http.get(origin + "/sitemap.xml").status());
            Map<String, Object> v = verify(app, f -> f != null);
            CheckedPages.assertReported(
                    number(v, "checked"), number(v, "failed"), number(v, "unreachable"), problems(v), summary(v));
            assertEquals(
                    1,
                    logs.containing("WARNING", CheckedPages.warning(), "verify-action=report")
                            .size(),
                    String.join("\n", logs.lines()));
            Crawl crawl = Crawl.of(origin + CheckedPages.SITEMAP);
            assertEquals(CheckedPages.EXPECTED.size(), crawl.count, "report only: every URL stays listed");
        }
    }

    @Test
    void underExcludeTheBadPagesLeaveTheNextRenderAndTheGoodOnesStay() {
        try (ConfigurableApplicationContext app = start("exclude")) {
            String origin = origin(app);
            String root = origin + "/sitemap.xml";
            assertEquals(200, Http.get(root).status());
            int good = CheckedPages.good().size();
            Crawl after = Crawl.until(origin + CheckedPages.SITEMAP, Duration.ofSeconds(30), c -> c.count == good);
            Crawl.assertSameSet(CheckedPages.good(), after.paths(origin));
            Map<String, Object> v = verify(app, f -> f != null && number(f, "excluded") == 8);
            assertEquals(8, number(v, "excluded"), summary(v));
            Map<String, Object> skipped = map(section(app).get("skipped"));
            assertEquals(8L, ((Number) skipped.get("FAILED_VERIFICATION")).longValue(), skipped.toString());

            // why a URL is, or is not, listed: Actuator's sitemapkit/explain
            Http.Response gone = Http.get(origin + "/actuator/sitemapkit/explain?url="
                    + java.net.URLEncoder.encode(origin + "/pages/gone", java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(200, gone.status(), gone.describe());
            assertTrue(gone.text().contains("\"outcome\":\"skipped\""), gone.text());
            assertTrue(
                    gone.text().contains("FAILED_VERIFICATION: its last page check failed (NOT_FOUND: 404)"),
                    gone.text());
            Http.Response ok = Http.get(origin + "/actuator/sitemapkit/explain?url="
                    + java.net.URLEncoder.encode(origin + "/pages/ok", java.nio.charset.StandardCharsets.UTF_8));
            assertTrue(ok.text().contains("\"outcome\":\"listed\""), ok.text());
            assertTrue(ok.text().contains("sitemap-" + CheckedPages.SECTION + "-1.xml"), ok.text());
            assertEquals(400, Http.get(origin + "/actuator/sitemapkit/explain").status(), "no url: Boot's own 400");
        }
    }

    private static ConfigurableApplicationContext start(String action) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--server.address=127.0.0.1",
                "--server.shutdown=immediate",
                "--management.endpoints.web.exposure.include=sitemapkit"));
        CheckedPages.settings(action).forEach((key, value) -> args.add("--sitemapkit." + key + "=" + value));
        return new SpringApplicationBuilder(VerifyApplication.class).run(args.toArray(new String[0]));
    }

    private static String origin(ConfigurableApplicationContext app) {
        return "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
    }

    /** The section as Actuator's {@code sitemapkit} endpoint shows it. */
    private static Map<String, Object> section(ConfigurableApplicationContext app) {
        for (Object section :
                (List<?>) app.getBean(SitemapKitEndpoint.class).status().get("sections")) {
            if (CheckedPages.SECTION.equals(map(section).get("section"))) {
                return map(section);
            }
        }
        throw new AssertionError("no section " + CheckedPages.SECTION);
    }

    /** The section's {@code verify} once {@code done} holds of it; fails after 30 s. */
    private static Map<String, Object> verify(ConfigurableApplicationContext app, Predicate<Map<String, Object>> done) {
        return Await.until(Duration.ofSeconds(30), () -> map(section(app).get("verify")), done, String::valueOf);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    private static int number(Map<String, Object> verify, String key) {
        return ((Number) verify.get(key)).intValue();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Number> problems(Map<String, Object> verify) {
        return (Map<String, Number>) verify.get("problems");
    }

    private static String summary(Map<String, Object> verify) {
        return String.valueOf(verify.get("summary"));
    }
}
