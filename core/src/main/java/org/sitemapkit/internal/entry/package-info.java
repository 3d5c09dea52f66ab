/**
 * {@code @SitemapEntry} methods as a source, whichever framework found them (the JAX-RS scanner
 * and index, or Spring MVC's handler mappings): the entry value, path templates and their
 * encoding, and the expansion of templated paths with a provider's rows.
 */
package org.sitemapkit.internal.entry;
