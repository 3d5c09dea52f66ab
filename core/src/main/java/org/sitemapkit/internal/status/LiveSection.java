package org.sitemapkit.internal.status;

/** One section of one site that a meter can read again and again, for as long as the process runs. */
public interface LiveSection {
    /** The site's base URL. */
    String site();

    /** The section's name. */
    String section();

    /** Its status now. */
    SectionStatus status();
}
