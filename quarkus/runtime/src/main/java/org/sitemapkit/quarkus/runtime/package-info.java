/**
 * The runtime half of the SitemapKit Quarkus extension: {@link org.sitemapkit.quarkus.runtime.SitemapKitConfig}, the
 * {@code sitemapkit.*} keys as a Quarkus config root (for Quarkus' configuration reference, Dev UI and completion;
 * SitemapKit reads the values itself); the recorder that hands the entries found at build time to sitemapkit-jaxrs,
 * and the readiness check, public only because Quarkus makes them. The listing of these types is api.txt.
 */
package org.sitemapkit.quarkus.runtime;
