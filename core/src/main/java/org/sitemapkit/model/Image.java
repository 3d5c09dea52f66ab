package org.sitemapkit.model;

/**
 * An {@code <image:image>} of a page. Only {@code image:loc}: Google retired caption, title,
 * geo_location and license in 2022, and no other engine reads them.
 */
public final class Image {
    private final String loc;

    private Image(String loc) {
        this.loc = loc;
    }

    /** An image by its absolute URL, which may live on another host such as a CDN. */
    public static Image of(String loc) {
        return new Image(Checks.checkAbsoluteUrl(loc, "image loc"));
    }

    public String loc() {
        return loc;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Image && ((Image) o).loc.equals(loc);
    }

    @Override
    public int hashCode() {
        return loc.hashCode();
    }

    @Override
    public String toString() {
        return loc;
    }
}
