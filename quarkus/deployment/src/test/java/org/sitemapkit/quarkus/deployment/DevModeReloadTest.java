package org.sitemapkit.quarkus.deployment;

import io.quarkus.test.QuarkusDevModeTest;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sitemapkit.testsupport.Crawl;

/**
 * Quarkus' dev mode: a page added to one resource is listed after the reload, and every entry of the classes that
 * were not recompiled still is (the processor's index, rewritten by an incremental compile, lost those).
 */
class DevModeReloadTest {
    static final String PORT = System.getProperty("devmode.http.port", "8080");
    static final String BASE = "http://localhost:" + PORT;

    @RegisterExtension
    static final QuarkusDevModeTest DEV = new QuarkusDevModeTest()
            .withApplicationRoot(jar -> jar.addClasses(PageResource.class, ItemResource.class, ItemParams.class)
                    .addAsResource(
                            new StringAsset("quarkus.http.port=" + PORT + "\nsitemapkit.allowed-hosts=localhost:" + PORT
                                    + ",127.0.0.1:" + PORT + "\n"),
                            "application.properties"));

    @Test
    void aPageAddedToOneResourceLeavesEveryOtherEntryListed() {
        Set<String> before = new TreeSet<>(Set.of(
                BASE + "/pages/about",
                BASE + "/pages/contact",
                BASE + "/items/1",
                BASE + "/items/2",
                BASE + "/items/3"));
        Crawl.assertSameSet(before, listed(before.size()));

        DEV.modifySourceFile(
                PageResource.class,
                source -> source.replace(
                        "// more pages",
                        "@GET @Path(\"faq\") @SitemapEntry public String faq() { return \"FAQ\\n\"; }"));

        Set<String> after = new TreeSet<>(before);
        after.add(BASE + "/pages/faq");
        // the first request after the change makes Quarkus reload, with a new engine
        Crawl.assertSameSet(after, listed(after.size()));
    }

    private static Set<String> listed(int count) {
        return Crawl.until(BASE + "/sitemap.xml", Duration.ofSeconds(60), c -> c.urls.size() >= count)
                .urls
                .keySet();
    }
}
