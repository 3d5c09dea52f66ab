/**
 * IndexNow (indexnow.org): telling search engines which URLs changed, so they need not wait for
 * the next crawl of the sitemaps. Submission runs on its own thread and never holds up a render.
 */
package org.sitemapkit.internal.indexnow;
