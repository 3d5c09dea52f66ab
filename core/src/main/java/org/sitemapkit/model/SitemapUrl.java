package org.sitemapkit.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One {@code <url>} of a urlset. Refuses what can never be valid; whether the loc is inside the
 * sitemap's scope is only known when it is written, so the writer checks that. A null field is
 * omitted from the page (or, for changefreq and priority, takes the section's default).
 *
 * @param loc absolute http or https URL; it is percent-encoded when written
 * @param lastmod when the page last changed, or null
 * @param changefreq how often it changes, or null
 * @param priority the priority as written ({@code 0.8}), kept as text so no writer reformats it; or null
 * @param alternates language variants, the URL itself among them, or empty
 * @param images images of the page, at most {@value #MAX_IMAGES}
 * @param videos videos of the page
 * @param news the Google News block, or null
 */
public record SitemapUrl(
        String loc,
        Lastmod lastmod,
        Changefreq changefreq,
        String priority,
        List<Alternate> alternates,
        List<Image> images,
        List<Video> videos,
        News news) {
    /** Google reads at most this many images per page. */
    public static final int MAX_IMAGES = 1000;

    /**
     * Refuses a relative loc, bad priority text, too many images and a one-sided hreflang set.
     *
     * @param loc absolute http or https URL
     * @param lastmod when the page last changed, or null
     * @param changefreq how often it changes, or null
     * @param priority the priority text ({@code 0.8}), or null
     * @param alternates language variants, the URL itself among them; null for none
     * @param images images of the page; null for none
     * @param videos videos of the page; null for none
     * @param news the Google News block, or null
     */
    public SitemapUrl {
        Checks.checkAbsoluteUrl(loc, "loc");
        Checks.checkArgument(
                priority == null || Checks.isDecimalPriority(priority),
                "priority must be 0.0 to 1.0 with at most four decimals: \"%s\"",
                priority);
        alternates = alternates == null ? List.of() : List.copyOf(alternates);
        images = images == null ? List.of() : List.copyOf(images);
        videos = videos == null ? List.of() : List.copyOf(videos);
        Checks.checkArgument(images.size() <= MAX_IMAGES, "more than %d images for loc %s", MAX_IMAGES, loc);
        if (!alternates.isEmpty()) {
            boolean self = false;
            for (int i = 0; i < alternates.size(); i++) {
                Alternate a = alternates.get(i);
                self |= a.href().equals(loc);
                checkNewHreflang(alternates.subList(0, i), a, loc);
            }
            Checks.checkArgument(
                    self, "alternates of %s must include the URL itself (hreflang pairs must be reciprocal)", loc);
        }
    }

    private static void checkNewHreflang(List<Alternate> listed, Alternate added, String loc) {
        for (Alternate a : listed) {
            Checks.checkArgument(
                    !a.hreflang().equalsIgnoreCase(added.hreflang()),
                    "hreflang \"%s\" is listed twice for loc %s",
                    added.hreflang(),
                    loc);
        }
    }

    /**
     * A URL with nothing but its loc.
     *
     * @param loc absolute http or https URL
     * @return the URL
     */
    public static SitemapUrl of(String loc) {
        return builder(loc).build();
    }

    /**
     * Starts a URL.
     *
     * @param loc absolute http or https URL; it is percent-encoded when written
     * @return a builder for the other fields
     */
    public static Builder builder(String loc) {
        return new Builder(loc);
    }

    /**
     * Whether the URL carries anything beyond the four core fields.
     *
     * @return true with alternates, images, videos or news
     */
    public boolean hasExtensions() {
        return !alternates.isEmpty() || !images.isEmpty() || !videos.isEmpty() || news != null;
    }

    @Override
    public String toString() {
        return loc;
    }

    /** Collects the optional fields; {@link #build()} checks them as a whole. */
    public static final class Builder implements UrlAttributes<Builder> {
        private final String loc;
        private Lastmod lastmod;
        private Changefreq changefreq;
        private String priority;
        private List<Alternate> alternates; // null until used: most URLs have no extensions
        private List<Image> images;
        private List<Video> videos;
        private News news;

        private Builder(String loc) {
            this.loc = loc;
        }

        @Override
        public Builder lastmod(Lastmod value) {
            lastmod = value;
            return this;
        }

        @Override
        public Builder changefreq(Changefreq value) {
            changefreq = value;
            return this;
        }

        @Override
        public Builder priority(double value) {
            Checks.checkArgument(value >= 0.0 && value <= 1.0, "priority must be between 0.0 and 1.0: %s", value);
            priority = Checks.decimal(value);
            return this;
        }

        @Override
        public Builder alternate(String hreflang, String href) {
            return alternate(Alternate.of(hreflang, href));
        }

        /**
         * Adds a language variant; the set must include this URL's own loc.
         *
         * @param alternate the variant
         * @return this builder
         */
        public Builder alternate(Alternate alternate) {
            Checks.checkNotNull(alternate, "alternate");
            if (alternates == null) {
                alternates = new ArrayList<>();
            }
            checkNewHreflang(alternates, alternate, loc);
            alternates.add(alternate);
            return this;
        }

        @Override
        public Builder image(String imageLoc) {
            return image(Image.of(imageLoc));
        }

        /**
         * Adds an image, at most {@value SitemapUrl#MAX_IMAGES}.
         *
         * @param image the image
         * @return this builder
         */
        public Builder image(Image image) {
            Checks.checkNotNull(image, "image");
            if (images == null) {
                images = new ArrayList<>();
            }
            Checks.checkArgument(images.size() < MAX_IMAGES, "more than %d images for loc %s", MAX_IMAGES, loc);
            images.add(image);
            return this;
        }

        /**
         * Adds a video.
         *
         * @param video the video
         * @return this builder
         */
        public Builder video(Video video) {
            if (videos == null) {
                videos = new ArrayList<>();
            }
            videos.add(Checks.checkNotNull(video, "video"));
            return this;
        }

        /**
         * Sets the Google News block; null clears it.
         *
         * @param value the block, or null
         * @return this builder
         */
        public Builder news(News value) {
            news = value;
            return this;
        }

        /**
         * The URL, checked as a whole.
         *
         * @return the URL
         * @throws IllegalArgumentException naming the field and value a sitemap cannot carry
         */
        public SitemapUrl build() {
            return new SitemapUrl(loc, lastmod, changefreq, priority, alternates, images, videos, news);
        }
    }
}
