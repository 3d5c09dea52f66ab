/** The build steps of the SitemapKit Quarkus extension, for Quarkus' build only; not an API. */
package org.sitemapkit.quarkus.deployment;
