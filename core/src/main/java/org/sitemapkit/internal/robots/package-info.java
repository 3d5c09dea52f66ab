/**
 * robots.txt as RFC 9309 defines it: groups of user-agent tokens with Allow and Disallow rules,
 * plus the {@code Sitemap} lines every major crawler reads. Values are validated when built, so
 * anything that exists can be written, and what is written parses back to an equal value.
 */
package org.sitemapkit.internal.robots;
