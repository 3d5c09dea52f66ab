package org.sitemapkit.bench;

/** One way of writing the workload: pages of at most 50,000 URLs, gzip, plus a plain index. */
interface Contender {
    /** A short id for the command line and the child JVMs: kit, sitemapgen4j, jsitemapgenerator, floor. */
    String id();

    /** The name in the tables. */
    String label();

    /** What exactly runs, for the report. */
    String description();

    /**
     * Builds {@code urls} URLs from their index and writes every gzip page and the index to
     * {@code target}; this is what is timed.
     */
    void run(long urls, Target target) throws Exception;
}
