package org.sitemapkit.itwar;

import java.util.stream.Stream;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * A section whose source the test can break: one URL (the WAR's static page) until {@link SwitchResource} switches
 * it off, then a failure, as a database that went away. Registered through META-INF/services in the norobots WAR
 * only, so the other WARs' sitemaps are what the contract expects.
 */
public class SwitchableSource implements UrlSource {
    /** What the failure says: the test checks that no health endpoint repeats it. */
    public static final String FAILURE = "the switchable source was switched off by the test";

    static volatile boolean off;

    /** For ServiceLoader. */
    public SwitchableSource() {}

    @Override
    public String section() {
        return "switchable";
    }

    @Override
    public Stream<SitemapUrl> urls(Site site) {
        if (off) {
            throw new SwitchedOff();
        }
        return Stream.of(SitemapUrl.of(site.url("index.html")));
    }

    /** The source's failure, by a name the server log check knows as the test's own doing. */
    static final class SwitchedOff extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        SwitchedOff() {
            super(FAILURE);
        }
    }
}
