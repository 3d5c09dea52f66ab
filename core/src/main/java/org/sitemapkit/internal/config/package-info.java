/**
 * Reading the settings from where an application puts them (init-params, context-params, system
 * properties, {@code sitemapkit.properties}). Not an API; exported to {@code org.sitemapkit.jaxrs}
 * only, which reads its own keys the same way.
 */
package org.sitemapkit.internal.config;
