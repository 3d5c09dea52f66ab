package org.sitemapkit.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.QuarkusDevModeTest;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/**
 * Quarkus' dev mode: a page added to one resource is listed after the reload, and every entry of the classes that
 * were not recompiled still is (the processor's index, rewritten by an incremental compile, lost those). The status
 * page is open to this machine, and the Dev UI card shows it, the documents and the entries the build found.
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

    @Test
    void theStatusPageIsOpenToThisMachineAndNotThroughAProxy() {
        listed(5);
        // the status of the site crawled, localhost's: the sections are held per site
        Http.Response status = Http.get(BASE + "/sitemap.html?status");
        assertEquals(200, status.status(), status::describe);
        assertTrue(status.text().contains("<td>pages</td>"), status::describe);
        assertEquals(
                404,
                Http.get(BASE + "/sitemap.html?status", "X-Forwarded-For", "127.0.0.1")
                        .status());
    }

    @Test
    void theDevUiCardShowsTheStatusPageTheDocumentsAndTheEntries() throws Exception {
        JsonNode extensions = exported(BASE + "/q/dev-ui/devui-data.js", "extensions");
        JsonNode card = null;
        for (JsonNode e : extensions.get("active")) {
            if (e.get("namespace").asText().equals("sitemapkit-quarkus")) {
                card = e;
            }
        }
        assertNotNull(card, "the SitemapKit card is among the active extensions");
        Map<String, String> pages = new TreeMap<>();
        for (JsonNode p : card.get("cardPages")) {
            JsonNode url = p.get("metadata").get("externalUrl");
            pages.put(p.get("title").asText(), url == null ? "" : url.asText());
        }
        assertEquals(
                Map.of(
                        "Status", "/sitemap.html?status",
                        "Sitemap index", "/sitemap.xml",
                        "robots.txt", "/robots.txt",
                        "@SitemapEntry methods", ""),
                pages);
        // each page the card shows is the application's answer to this machine
        for (String url : pages.values()) {
            if (!url.isEmpty()) {
                Http.Response r = Http.get(BASE + url);
                assertEquals(200, r.status(), () -> url + ": " + r.describe());
            }
        }
        Set<String> paths = new TreeSet<>();
        for (JsonNode entry : exported(BASE + "/q/dev-ui/sitemapkit-quarkus-data.js", "entries")) {
            paths.add(entry.get("path").asText());
        }
        assertTrue(paths.containsAll(Set.of("/pages/about", "/pages/contact", "/items/{id}")), paths::toString);
    }

    /** The value of {@code export const name = ...;}, JSON on one line, in a module of the Dev UI. */
    private static JsonNode exported(String module, String name) throws Exception {
        Http.Response r = Http.get(module);
        assertEquals(200, r.status(), r::describe);
        String prefix = "export const " + name + " = ";
        for (String line : r.text().split("\n")) {
            if (line.startsWith(prefix)) {
                String json = line.substring(prefix.length()).trim();
                return new ObjectMapper().readTree(json.endsWith(";") ? json.substring(0, json.length() - 1) : json);
            }
        }
        throw new AssertionError(module + " exports no " + name);
    }

    private static Set<String> listed(int count) {
        return Crawl.until(BASE + "/sitemap.xml", Duration.ofSeconds(60), c -> c.urls.size() >= count)
                .urls
                .keySet();
    }
}
