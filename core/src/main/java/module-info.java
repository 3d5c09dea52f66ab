// cache-api 1.1.1, JSR 107's final release, has neither a module descriptor nor an
// Automatic-Module-Name: its module is the name derived from the jar, cache.api, which is what
// every JCache provider's users have, hence the suppression. The qualified export below names
// the JAX-RS extension, the Spring Boot starter and the Quarkus extension (and the test kit), which are
// not on core's module path when core compiles: "module" too.
/**
 * SitemapKit core: the servlet filter that serves the sitemaps and robots.txt, the URL model
 * and sources an application registers, the settings and the page stores; the engine behind
 * them (render, robots, stores, change detection, IndexNow, the HTML view) is internal.
 */
@SuppressWarnings({"requires-automatic", "module"})
module org.sitemapkit.core {
    requires transitive jakarta.servlet;
    // PageStore.jcache takes a CacheManager; only applications with store=jcache have the API.
    // Not transitive: a static transitive module must be present whenever a reader compiles.
    requires static cache.api;
    // JDBC row sources in org.sitemapkit.source name java.sql types.
    requires transitive java.sql;
    // IndexNow submissions go out through java.net.http.HttpClient.
    requires java.net.http;
    // The HTML view reads the cached XML with StAX.
    requires java.xml;
    // Each section's status as an MBean of the platform server.
    requires java.management;
    // Meters where the application has Micrometer (its jar's automatic module name).
    requires static micrometer.core;
    // The change feed hears Hibernate ORM's entity events where the application has Hibernate. Its
    // Integrator is listed in META-INF/services only, not here: a "provides" would make Hibernate
    // required on the module path.
    requires static org.hibernate.orm.core;
    // Hibernate's session factory is a JNDI Referenceable; JpaFeed looks up the JTA registry in JNDI.
    requires static java.naming;
    // JpaFeed, the change feed's JPA entity listener for EclipseLink and OpenJPA on Jakarta EE servers.
    requires static jakarta.persistence;
    requires static jakarta.transaction;

    // The API: the entry package (SitemapKit, the filter, the settings, the page store), the URL
    // model and the sources. The engine, under org.sitemapkit.internal, is not.
    exports org.sitemapkit;
    exports org.sitemapkit.model;
    exports org.sitemapkit.source;
    // Settings reading, gzip and log helpers that the JAX-RS extension shares; not an API.
    exports org.sitemapkit.internal to
            org.sitemapkit.jaxrs;
    // The engine an adapter starts and closes, and the router both adapters share: the servlet
    // filter here, the JAX-RS filter there.
    exports org.sitemapkit.internal.engine to
            org.sitemapkit.jaxrs;
    exports org.sitemapkit.internal.http to
            org.sitemapkit.jaxrs;
    // The application's own robots.txt, amended, which each adapter fetches its own way.
    exports org.sitemapkit.internal.robots to
            org.sitemapkit.jaxrs;
    // The servlet adapter, behind SitemapFilter: its settings layers, status attribute, static
    // robots.txt and initializer, which the other adapters read in a servlet container.
    exports org.sitemapkit.internal.servlet to
            org.sitemapkit.jaxrs,
            org.sitemapkit.spring;
    // The status model the Spring Boot starter's Actuator endpoint, health and meters read, the JAX-RS
    // extension's MicroProfile Health check and the Quarkus extension's readiness check read, and
    // JMX introspects (its MXBean interface).
    exports org.sitemapkit.internal.status to
            org.sitemapkit.jaxrs,
            org.sitemapkit.spring,
            org.sitemapkit.quarkus,
            java.management;
    exports org.sitemapkit.internal.source to
            org.sitemapkit.jaxrs;
    // The settings: read by the adapters, and checked by the Quarkus extension when the application is built.
    exports org.sitemapkit.internal.config to
            org.sitemapkit.jaxrs,
            org.sitemapkit.spring,
            org.sitemapkit.quarkus.deployment;
    // @SitemapEntry entries as a source, whichever framework found them; the processor and the
    // Quarkus extension's build share the entry value and the path templates.
    exports org.sitemapkit.internal.entry to
            org.sitemapkit.jaxrs,
            org.sitemapkit.jaxrs.processor,
            org.sitemapkit.spring,
            org.sitemapkit.quarkus.deployment;
    // Page verification's judgement (PageJudgement), which the test kit's SitemapCheck applies from
    // outside, so that its check judges a page as this one does.
    exports org.sitemapkit.internal.verify to
            org.sitemapkit.test;

    // The settings an extension (sitemapkit-jaxrs) declares, so that its keys are known, not typos.
    uses org.sitemapkit.internal.config.SettingsExtension;

    // UrlSources.discover: sources listed in META-INF/services or provided by modules.
    uses org.sitemapkit.source.UrlSource;

    provides jakarta.servlet.ServletContainerInitializer with
            org.sitemapkit.internal.servlet.SitemapInitializer;
}
