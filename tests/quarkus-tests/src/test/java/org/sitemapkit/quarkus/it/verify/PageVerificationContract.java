package org.sitemapkit.quarkus.it.verify;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTestProfile;
import jakarta.inject.Inject;
import java.net.URL;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.engine.KitAccess;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.status.VerifyFindings;
import org.sitemapkit.testsupport.Await;
import org.sitemapkit.testsupport.CheckedPages;

/**
 * Page verification on Quarkus REST (Vert.x, no servlets), through the JAX-RS filter with no
 * {@code verify-origin}: it learns where requests arrive from Vert.x's request. Each scenario is a
 * test class of its own, as each needs its own settings and so its own start of the application.
 */
abstract class PageVerificationContract {

    /** The settings of a scenario, as {@code application.properties} would hold them. */
    abstract static class Settings implements QuarkusTestProfile {
        private final String action;

        Settings(String action) {
            this.action = action;
        }

        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> config = new TreeMap<>();
            CheckedPages.settings(action).forEach((key, value) -> config.put("sitemapkit." + key, value));
            config.put("it.verify-pages", "true");
            return config;
        }
    }

    @TestHTTPResource("/")
    URL root;

    @Inject
    SitemapKit kit;

    /** http://localhost:port, no trailing slash. */
    String origin() {
        return root.toExternalForm().replaceAll("/$", "");
    }

    SectionStatus section() {
        return KitAccess.get(SitemapKit.class).state(kit).service().status().sections().stream()
                .filter(s -> s.section().equals(CheckedPages.SECTION))
                .findFirst()
                .orElseThrow();
    }

    /** The section's findings once {@code done} holds of its status; fails after 30 s. */
    VerifyFindings findings(Predicate<SectionStatus> done) {
        return Await.until(Duration.ofSeconds(30), this::section, done, SectionStatus::toString)
                .verify();
    }
}
