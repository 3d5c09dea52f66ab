package org.sitemapkit.internal.status;

import java.util.Map;

/**
 * One section of one site as JMX shows it (JConsole, WildFly's and Payara's management): what
 * {@link SectionStatus} holds, in open types. Times are ISO-8601 text, empty before they happen.
 */
public interface SectionMXBean {
    /** Which application's engine this is, among those of one JVM that serve the same site. */
    String getInstance();

    String getSite();

    String getSection();

    /** {@code ok}, {@code stale}, {@code failing} or {@code not-rendered}. */
    String getState();

    String getRenderedAt();

    int getPages();

    long getUrls();

    long getBytes();

    Map<String, Long> getSkipped();

    long getLastRenderMillis();

    long getRenders();

    long getFailures();

    long getUnavailable();

    String getFailingSince();

    String getLastFailure();

    /** The lastmod audit of the last whole render, in one line; empty when clean or before one. */
    String getAudit();

    /** The last check of the section's pages against the application's answers, with its first failures; empty before one. */
    String getVerify();

    /** URLs checked on this node since the start. */
    long getVerifyChecked();

    /** Checks that failed on this node since the start. */
    long getVerifyFailed();
}
