/**
 * What SitemapKit's own packages and its JAX-RS extension share but no application should write
 * against: reading the settings, gzip, log-safe text and log rate limits. Not an API: anything
 * here may change. The module exports it to {@code org.sitemapkit.jaxrs} only; on the class path
 * it is visible, but still not for applications.
 */
package org.sitemapkit.internal;
