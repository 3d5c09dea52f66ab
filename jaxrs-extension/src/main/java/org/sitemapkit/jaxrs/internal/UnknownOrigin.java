package org.sitemapkit.jaxrs.internal;

import java.lang.System.Logger.Level;

/**
 * Says once, as a WARNING, that a runtime expected to tell where requests arrive did not, so that
 * the listed pages go unchecked: the start-up line took its word for it and said nothing.
 */
final class UnknownOrigin {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");

    private final String runtime;
    private volatile boolean said;

    /** @param runtime what was to tell, for the line ({@code Quarkus REST}) */
    UnknownOrigin(String runtime) {
        this.runtime = runtime;
    }

    void say(String why) {
        if (!said) {
            said = true;
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: listed pages are not checked: {0} did not tell where requests arrive ({1}); set"
                            + " sitemapkit.verify-origin to a plain-HTTP address of this application, or verify=off",
                    runtime,
                    why);
        }
    }
}
