/**
 * The annotation processor that checks {@link org.sitemapkit.SitemapEntry} and writes the
 * compile-time index; it runs inside javac only and needs nothing but the JDK and sitemapkit-core.
 */
package org.sitemapkit.jaxrs.processor;
