/**
 * The runtime half of the SitemapKit Quarkus extension: the recorder that hands the entries found at build time
 * to sitemapkit-jaxrs, and the readiness check. Used by the extension only; not an API.
 */
package org.sitemapkit.quarkus.runtime;
