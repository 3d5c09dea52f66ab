/**
 * Page verification: what the application really serves at a listed URL, judged as a crawler
 * judges it. The readers of what a page says about itself ({@link
 * org.sitemapkit.internal.verify.HtmlHead}, {@link org.sitemapkit.internal.verify.RobotsDirectives})
 * and the decision ({@link org.sitemapkit.internal.verify.PageCheck}) are pure: no I/O, so they are
 * tested and fuzzed alone.
 */
package org.sitemapkit.internal.verify;
