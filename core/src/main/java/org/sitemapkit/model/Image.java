package org.sitemapkit.model;

/**
 * An {@code <image:image>} of a page. Only {@code image:loc}: Google retired caption, title,
 * geo_location and license in 2022, and no other engine reads them.
 *
 * @param loc the image's absolute URL, which may live on another host such as a CDN
 */
public record Image(String loc) {
    /**
     * Refuses a loc that is not an absolute http(s) URL.
     *
     * @param loc the image's absolute URL
     */
    public Image {
        Checks.checkAbsoluteUrl(loc, "image loc");
    }

    /**
     * An image by its absolute URL.
     *
     * @param loc the image's absolute URL
     * @return the image
     */
    public static Image of(String loc) {
        return new Image(loc);
    }

    @Override
    public String toString() {
        return loc;
    }
}
