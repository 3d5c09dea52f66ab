/**
 * Internals of the JAX-RS extension: the index format, template parsing and encoding, the
 * reflection scanner and the runtime wiring. Not an API: anything here may change.
 */
package org.sitemapkit.jaxrs.internal;
