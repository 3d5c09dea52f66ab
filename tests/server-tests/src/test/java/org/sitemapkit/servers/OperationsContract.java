package org.sitemapkit.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.sitemapkit.servers.TestWars.Variant;
import org.sitemapkit.testsupport.Http;

/**
 * What an operator reads on a server with MicroProfile Health and JMX: the {@code sitemapkit} readiness check of
 * each application, up with a line per section, and each section's MBean, read the way the server exposes them;
 * then a section whose source breaks, reported by both while the check stays up. For the {@link ServerContract}
 * classes of such servers; their requests go through the same recorder, so no 5xx and no stack trace escapes
 * the contract's last checks.
 */
interface OperationsContract {
    /** What the switchable source's failure says, which the health document must not repeat. */
    String FAILURE = "the switchable source was switched off by the test";

    /** The running server. */
    Server server();

    /** The recorder of every request of the class. */
    Http.Recorder http();

    @Order(20)
    @Test
    default void readinessHasASitemapkitCheckPerApplicationUpWithALinePerSection() {
        String norobots = server().base(TestWars.NO_ROBOTS);
        Http.Response first = http().get(norobots + "/sitemap.xml");
        assertEquals(200, first.status(), "the switchable section renders while it works: " + first.describe());
        Map<String, Map<String, Object>> checks = sitemapkitChecks(readiness());
        assertEquals(Set.of("/indexed", "/noindex", "/norobots"), checks.keySet(), checks.toString());
        for (Map<String, Object> check : checks.values()) {
            assertEquals("UP", check.get("status"), check.toString());
        }
        Map<String, Object> indexed = data(checks.get("/indexed"));
        assertEquals("true", String.valueOf(indexed.get("serving")), indexed.toString());
        assertEquals(2, count(indexed.get("sections")), "items and pages: " + indexed);
        assertEquals(0, count(indexed.get("stale")), indexed.toString());
        assertEquals(0, count(indexed.get("failing")), indexed.toString());
        String items = line(indexed, server().base(Variant.INDEXED) + "/ items");
        assertTrue(items.startsWith("ok: " + ServerContract.ITEMS + " URLs rendered at "), items);
        String switchable = line(data(checks.get("/norobots")), norobots + "/ switchable");
        assertTrue(switchable.startsWith("ok: 1 URLs rendered at "), switchable);
    }

    @Order(21)
    @Test
    default void eachSectionIsAnMBeanOfTheServersJmx() throws Exception {
        Jmx jmx = jmx();
        try (JMXConnector connector = jmx.connect()) {
            MBeanServerConnection mbeans = connector.getMBeanServerConnection();
            ObjectName items = section(mbeans, "/indexed", "items");
            assertEquals("ok", mbeans.getAttribute(items, "State"), jmx.how());
            assertEquals((long) ServerContract.ITEMS, mbeans.getAttribute(items, "Urls"), jmx.how());
            assertEquals(1, mbeans.getAttribute(items, "Pages"), jmx.how());
            assertTrue((long) mbeans.getAttribute(items, "Renders") >= 1, jmx.how());
            assertEquals(0L, mbeans.getAttribute(items, "Failures"), jmx.how());
            assertTrue((long) mbeans.getAttribute(items, "LastRenderMillis") >= 0, jmx.how());
            assertNotNull(mbeans.getAttribute(items, "RenderedAt"), jmx.how());
            assertEquals(
                    server().base(Variant.INDEXED) + "/",
                    mbeans.getAttribute(items, "Site"),
                    "the site the section belongs to: " + jmx.how());
            ObjectName pages = section(mbeans, "/indexed", "pages");
            assertEquals(1L, mbeans.getAttribute(pages, "Urls"), "the about page: " + jmx.how());
        }
    }

    @Order(22)
    @Test
    default void aBrokenSourceIsReportedWhileTheCheckStaysUp() throws Exception {
        String norobots = server().base(TestWars.NO_ROBOTS);
        Http.Response off = Http.send("POST", URI.create(norobots + "/api/switch-off"));
        assertEquals(200, off.status(), off.describe());
        String key = norobots + "/ switchable";
        long deadline = System.nanoTime() + 60_000_000_000L;
        Http.Response document;
        Map<String, Object> check;
        do {
            Thread.sleep(200);
            document = Http.get(readinessUri());
            check = sitemapkitChecks(document).get("/norobots");
        } while (!String.valueOf(data(check).get(key)).startsWith("stale since ") && System.nanoTime() < deadline);
        String where = server().name() + " " + readinessUri() + ": " + document.text();
        assertEquals(200, document.status(), "readiness holds: " + where);
        assertEquals("UP", ((Map<?, ?>) json(document)).get("status"), where);
        assertEquals("UP", check.get("status"), where);
        assertEquals(1, count(data(check).get("stale")), where);
        String line = line(data(check), key);
        assertTrue(
                line.startsWith("stale since ") && line.contains("serving the 1 URLs rendered at "),
                "reported as stale, its last pages served: " + where);
        assertFalse(
                document.text().contains(FAILURE) || document.text().contains("SwitchedOff"),
                "the failure's text and type are not the health endpoint's to show: " + where);
        Http.Response sitemap = http().get(norobots + "/sitemap.xml");
        assertEquals(200, sitemap.status(), "the last good pages are still served: " + sitemap.describe());

        Jmx jmx = jmx();
        try (JMXConnector connector = jmx.connect()) {
            MBeanServerConnection mbeans = connector.getMBeanServerConnection();
            ObjectName switchable = section(mbeans, "/norobots", "switchable");
            assertEquals("stale", mbeans.getAttribute(switchable, "State"), jmx.how());
            assertTrue((long) mbeans.getAttribute(switchable, "Failures") >= 1, jmx.how());
            assertNotNull(mbeans.getAttribute(switchable, "FailingSince"), jmx.how());
            String quoted = (String) mbeans.getAttribute(switchable, "LastFailure");
            assertTrue(quoted != null && quoted.contains(FAILURE), "JMX, not public, quotes it: " + quoted);
        }
    }

    private Jmx jmx() {
        return server().jmx().orElseThrow(() -> new AssertionError(server().name() + ": no JMX connector"));
    }

    private URI readinessUri() {
        return server().readiness()
                .orElseThrow(() -> new AssertionError(server().name() + ": no MicroProfile Health readiness URL"));
    }

    private Http.Response readiness() {
        Http.Response r = Http.get(readinessUri());
        assertEquals(200, r.status(), server().name() + " " + readinessUri() + ": " + r.describe());
        return r;
    }

    /** The checks named {@code sitemapkit} in a health document, by the application each names. */
    private static Map<String, Map<String, Object>> sitemapkitChecks(Http.Response document) {
        Map<?, ?> health = (Map<?, ?>) json(document);
        Map<String, Map<String, Object>> found = new TreeMap<>();
        List<Object> checks = health.get("checks") instanceof List<?> l ? new ArrayList<>(l) : List.of();
        for (Object c : checks) {
            Map<String, Object> check = cast(c);
            if ("sitemapkit".equals(check.get("name"))) {
                found.put(String.valueOf(data(check).get("application")), check);
            }
        }
        return found;
    }

    /**
     * A health document as maps, lists, strings and numbers; refused unless it is strict JSON (RFC 8259 has no
     * duplicate keys and no trailing text).
     */
    private static Object json(Http.Response document) {
        try {
            return JsonMapper.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .build()
                    .readValue(document.text(), Object.class);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + document.describe(), e);
        }
    }

    private static Map<String, Object> data(Map<String, Object> check) {
        assertNotNull(check, "no sitemapkit check for the application");
        return check.get("data") == null ? Map.of() : cast(check.get("data"));
    }

    /** A count in the check's data: a JSON number, or a string where the server writes every value as one (Payara). */
    private static long count(Object value) {
        return value instanceof Number n ? n.longValue() : Long.parseLong(String.valueOf(value));
    }

    private static String line(Map<String, Object> data, String key) {
        Object line = data.get(key);
        assertTrue(line instanceof String, "no line \"" + key + "\" in " + data);
        return (String) line;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object map) {
        return (Map<String, Object>) map;
    }

    /** The one section MBean of {@code application} named {@code section}. */
    private static ObjectName section(MBeanServerConnection mbeans, String application, String section)
            throws JMException, java.io.IOException {
        Set<ObjectName> names = mbeans.queryNames(
                new ObjectName("org.sitemapkit:type=Section,application=" + ObjectName.quote(application) + ",name="
                        + ObjectName.quote(section) + ",*"),
                null);
        assertEquals(1, names.size(), application + " " + section + ": " + names);
        return names.iterator().next();
    }
}
