package org.sitemapkit.internal.status;

/**
 * IndexNow submissions since the application started, counted in URLs.
 *
 * @param queued handed over and neither sent nor dropped yet
 * @param sent accepted by the endpoint
 * @param refused refused by the endpoint (a 4xx: a bad key, a URL off the site)
 * @param dropped never sent: the queue was full, the application stopped, or every attempt failed
 */
public record IndexNowStatus(long queued, long sent, long refused, long dropped) {}
