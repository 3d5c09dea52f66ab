package org.sitemapkit.internal.render;

/**
 * A source failed while its section was being rendered. The pages written before the failure
 * are incomplete and must not be served; the caller keeps its last good ones instead.
 */
public final class SourceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @serial the section whose render failed */
    private final String section;

    SourceException(String section, Object source, Throwable cause) {
        super("URL source " + source + " of section " + section + " failed: " + cause, cause);
        this.section = section;
    }

    /**
     * The section whose render failed, and whose last good pages are still served.
     *
     * @return the section name
     */
    public String section() {
        return section;
    }
}
