/**
 * The values a sitemap is made of: a {@link org.sitemapkit.model.SitemapUrl} and its parts, the
 * {@link org.sitemapkit.model.Site} every URL belongs to. All immutable and checked when built, so
 * that a value that exists can be written.
 *
 * <p>One rule for what is absent: an absent value is {@code null} (an empty list for lists), and
 * the priority, a {@code double} as in {@code @SitemapEntry}, is {@code NaN}. No accessor returns
 * an {@code Optional}.
 */
package org.sitemapkit.model;
