/**
 * What SitemapKit is doing, for the operator: per site and section, the pages, URLs and bytes
 * served, the last render and its outcome, skips by reason, failures and 503s; and IndexNow's
 * counts. One model, read by every view (the Spring Boot Actuator endpoint, health contributor and
 * Micrometer meters); values, never a lock on the engine.
 */
package org.sitemapkit.internal.status;
