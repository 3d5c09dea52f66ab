package org.sitemapkit.internal.status;

/**
 * {@code org.sitemapkit:type=Explain,application="/shop"}: why a URL is, or is not, in the
 * application's sitemap, from JConsole or a server's management console.
 */
public interface ExplainMXBean {
    /** Tells this engine's MBean from another engine's of the same name (a redeploy). */
    String getInstance();

    /**
     * Explains one URL.
     *
     * @param url an absolute URL of a site the application serves
     * @return the outcome and what was found, one fact per line
     */
    String explain(String url);
}
