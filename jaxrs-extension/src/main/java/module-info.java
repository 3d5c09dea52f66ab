/**
 * SitemapKit for JAX-RS: {@code @SitemapEntry} on resource methods, the providers that fill
 * templated paths from data, and the Feature and initializer that put the entries in the sitemap.
 */
@SuppressWarnings({"module", "requires-automatic"})
module org.sitemapkit.jaxrs {
    requires transitive org.sitemapkit.core;
    requires transitive jakarta.ws.rs;
    // Providers are made by the application's CDI container when it has one.
    requires static jakarta.cdi;
    requires static jakarta.inject;
    // Settings from MicroProfile Config, where the runtime has it; the 3.1 API jar has no module
    // name of its own, hence "requires-automatic" above.
    requires static microprofile.config.api;
    // The CDI bean manager is also looked up as java:comp/BeanManager.
    requires java.naming;

    exports org.sitemapkit.jaxrs;
    // The index format and the rules the annotation processor (sitemapkit-jaxrs-processor) shares
    // with the runtime, and the Quarkus extension's hooks (the build's entries, the health check);
    // not on this module's path when it compiles, hence "module" below.
    exports org.sitemapkit.jaxrs.internal to
            org.sitemapkit.jaxrs.processor,
            org.sitemapkit.spring,
            org.sitemapkit.quarkus,
            org.sitemapkit.quarkus.deployment;

    // SitemapEntryFeature registers ServletFeature, which the JAX-RS runtime (Jersey, RESTEasy,
    // ...) instantiates and injects through its private @Context fields; containers instantiate
    // SitemapEntryInitializer by reflection too. Open for that at run time, not exported.
    opens org.sitemapkit.jaxrs.internal;

    provides jakarta.servlet.ServletContainerInitializer with
            org.sitemapkit.jaxrs.internal.SitemapEntryInitializer;
    provides org.sitemapkit.internal.config.SettingsExtension with
            org.sitemapkit.jaxrs.internal.JaxrsSettings;
    provides jakarta.ws.rs.core.Feature with
            org.sitemapkit.jaxrs.SitemapEntryFeature;
// The CDI extension that adds the MicroProfile Health check (internal.HealthExtension) is listed
// in META-INF/services only, for the class path of WEB-INF/lib: a "provides" of CDI's Extension
// would stop this module from resolving where CDI, a static dependency, is absent.
}
