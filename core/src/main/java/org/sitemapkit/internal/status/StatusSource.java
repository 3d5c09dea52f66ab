package org.sitemapkit.internal.status;

import java.util.List;
import java.util.function.Consumer;

/** Where the views read the status: the running filter's engine. */
public interface StatusSource {
    /** Every section this node holds, by site then section. */
    List<SectionStatus> sections();

    /** IndexNow's counts, or null when IndexNow is off. */
    IndexNowStatus indexNow();

    /**
     * Calls {@code listener} for every section this node holds and, from now on, for each it comes
     * to hold (a site or a section first asked for), so that a meter per section can be made.
     */
    void eachSection(Consumer<LiveSection> listener);

    /**
     * Why a URL is, or is not, in the sitemap of the site it names: for JMX and Actuator, which
     * have no request to pick a site from.
     *
     * @param url an absolute URL
     * @return the explanation
     */
    Explanation explain(String url);
}
