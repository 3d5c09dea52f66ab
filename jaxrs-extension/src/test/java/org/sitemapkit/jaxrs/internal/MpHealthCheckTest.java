package org.sitemapkit.jaxrs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Any;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.status.Health;

/**
 * The readiness check against the real MicroProfile Health API, and the property that makes it safe where the
 * API is absent: no class of this jar names a MicroProfile Health type, so loading any of them (as Weld's
 * reflection discovery on Tomcat does) cannot fail for want of it.
 */
class MpHealthCheckTest {
    private static final ClassLoader LOADER = MpHealthCheckTest.class.getClassLoader();

    private static HealthCheckResponse call(Health health) {
        MpHealthCheck check = MpHealthCheck.find(LOADER, () -> health);
        assertNotNull(check, "the API is on the test class path");
        HealthCheck proxy = (HealthCheck) check.newCheck();
        return proxy.call();
    }

    @Test
    void isAReadinessHealthCheckNamedSitemapkit() {
        MpHealthCheck check = MpHealthCheck.find(LOADER, () -> Health.of(null, Health.DownWhen.NEVER));
        assertNotNull(check);
        assertEquals(HealthCheck.class, check.type());
        assertEquals(Readiness.class, check.readiness().annotationType());
        assertTrue(check.newCheck() instanceof HealthCheck);
    }

    /**
     * The bean the extension adds: filed under {@link ProviderBeans}, a bean class of this jar's own archive,
     * which WildFly's health subsystem sees (the extension's own archive it does not).
     */
    @Test
    void theBeanIsADependentReadinessHealthCheckOfThisJarsArchive() {
        MpHealthCheck check = MpHealthCheck.find(LOADER, () -> Health.of(null, Health.DownWhen.NEVER));
        HealthCheckBean bean = new HealthCheckBean(check);
        assertEquals(Set.of(Object.class, HealthCheck.class), bean.getTypes());
        assertEquals(Set.of(Readiness.Literal.INSTANCE, Any.Literal.INSTANCE), bean.getQualifiers());
        assertEquals(Dependent.class, bean.getScope());
        assertEquals(ProviderBeans.class, bean.getBeanClass());
        assertTrue(bean.getInjectionPoints().isEmpty() && bean.getName() == null && !bean.isAlternative());
        HealthCheck made = (HealthCheck) bean.create(null);
        assertEquals("sitemapkit", made.call().getName());
    }

    @Test
    void answersTheHealthItIsGivenWithItsData() {
        HealthCheckResponse up = call(new Health(true, Map.of("sections", 2L, "https://shop/ products", "ok")));
        assertEquals("sitemapkit", up.getName());
        assertEquals(HealthCheckResponse.Status.UP, up.getStatus());
        assertEquals(
                Map.of("sections", 2L, "https://shop/ products", "ok"),
                up.getData().orElseThrow());

        HealthCheckResponse down = call(new Health(false, Map.of("failing", 1L)));
        assertEquals(HealthCheckResponse.Status.DOWN, down.getStatus(), "only as health-down asks");
    }

    @Test
    void withoutAServingFilterItIsUpAndSaysSo() {
        HealthCheckResponse r = call(Health.of(null, Health.DownWhen.STALE));
        assertEquals(HealthCheckResponse.Status.UP, r.getStatus());
        assertEquals(Map.of("serving", false), r.getData().orElseThrow());
    }

    @Test
    void aCheckThatCannotReadTheStatusStaysUp() {
        MpHealthCheck check = MpHealthCheck.find(LOADER, () -> {
            throw new IllegalStateException("the engine is gone");
        });
        HealthCheckResponse r = ((HealthCheck) check.newCheck()).call();
        assertEquals(HealthCheckResponse.Status.UP, r.getStatus());
        assertEquals(
                Map.of("unreadable", IllegalStateException.class.getName()),
                r.getData().orElseThrow());
    }

    @Test
    void isNotMadeWhereTheApplicationDoesNotSeeTheApi() throws IOException {
        try (URLClassLoader withoutApi = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader())) {
            assertNull(MpHealthCheck.find(withoutApi, () -> Health.of(null, Health.DownWhen.NEVER)));
        }
    }

    /**
     * Every type a class file refers to is in its constant pool as an internal name
     * ({@code org/eclipse/microprofile/health/HealthCheck}, also inside descriptors and signatures); the check
     * names the API only as dotted strings for {@code Class.forName}.
     */
    @Test
    void noClassOfTheJarNamesAMicroProfileHealthType() throws URISyntaxException, IOException {
        Path classes = Path.of(HealthExtension.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        List<Path> all;
        try (Stream<Path> walk = Files.walk(classes)) {
            all = walk.filter(p -> p.toString().endsWith(".class")).toList();
        }
        assertTrue(all.size() > 20, "the module's classes, read from " + classes);
        assertTrue(
                all.stream().anyMatch(p -> p.endsWith("HealthExtension.class"))
                        && all.stream().anyMatch(p -> p.endsWith("MpHealthCheck.class")),
                "the check's own classes are among them");
        for (Path p : all) {
            assertFalse(
                    Files.readString(p, StandardCharsets.ISO_8859_1).contains("org/eclipse/microprofile/health"),
                    p + " names a MicroProfile Health type");
        }
    }
}
