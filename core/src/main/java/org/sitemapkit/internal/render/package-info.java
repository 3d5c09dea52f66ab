/**
 * One streaming pass from a section's sources to its pages: {@link
 * org.sitemapkit.internal.render.Renderer} pulls each source's rows and maps them (a refused row is
 * skipped and counted); {@link org.sitemapkit.internal.render.EntryEncoder} encodes each URL,
 * checking its scope as it parses the loc, so the loc is read once; {@link
 * org.sitemapkit.internal.render.UrlFilter} is the stage that leaves out what {@code exclude} and the
 * site's robots.txt disallow; {@link org.sitemapkit.internal.render.UrlsetWriter} cuts pages at the
 * URL or byte limit and hands them to the deflater. Not an API: it can change in any release.
 */
package org.sitemapkit.internal.render;
