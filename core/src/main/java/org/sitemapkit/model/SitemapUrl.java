package org.sitemapkit.model;

import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.List;
import org.sitemapkit.internal.check.Checks;

/**
 * One {@code <url>} of a urlset. Refuses what can never be valid; whether the loc is inside the
 * sitemap's scope is only known when it is written, so the writer checks that. A null field is
 * omitted from the page (or, for changefreq and priority, takes the section's default).
 *
 * @param loc absolute http or https URL; it is percent-encoded when written
 * @param lastmod when the page last changed, or null
 * @param changefreq how often it changes, or null
 * @param priority 0.0 to 1.0, rounded to four decimals; {@code NaN} when unset, as in {@code @SitemapEntry}
 * @param alternates language variants, the URL itself among them, or empty
 * @param images the absolute URLs of the page's images, at most {@value #MAX_IMAGES}; only
 *     {@code image:loc} is written, since Google retired the other image tags in 2022
 * @param videos videos of the page
 * @param news the Google News block, or null
 */
public record SitemapUrl(
        String loc,
        Lastmod lastmod,
        Changefreq changefreq,
        double priority,
        List<Alternate> alternates,
        List<String> images,
        List<Video> videos,
        News news) {
    /** Google reads at most this many images per page. */
    public static final int MAX_IMAGES = 1000;

    /**
     * Refuses a relative loc, a priority outside 0.0 to 1.0, too many images and a one-sided hreflang
     * set; rounds the priority to the four decimals a sitemap carries.
     *
     * @param loc absolute http or https URL
     * @param lastmod when the page last changed, or null
     * @param changefreq how often it changes, or null
     * @param priority 0.0 to 1.0, or {@code NaN} for none
     * @param alternates language variants, the URL itself among them; null for none
     * @param images the absolute URLs of the page's images; null for none
     * @param videos videos of the page; null for none
     * @param news the Google News block, or null
     */
    public SitemapUrl {
        Checks.checkAbsoluteUrl(loc, "loc");
        priority = Checks.priority(priority, "priority");
        alternates = alternates == null ? List.of() : List.copyOf(alternates);
        images = images == null ? List.of() : List.copyOf(images);
        videos = videos == null ? List.of() : List.copyOf(videos);
        if (images.size() > MAX_IMAGES) { // not checkArgument: no boxed count and no array for every URL
            Checks.checkArgument(false, "more than %d images for loc %s", MAX_IMAGES, loc);
        }
        for (int i = 0; i < images.size(); i++) { // no iterator for every URL, most of which have no image
            Checks.checkAbsoluteUrl(images.get(i), "image loc");
        }
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

    @Override
    public String toString() {
        return loc;
    }

    /** Collects the optional fields; {@link #build()} checks them as a whole. */
    public static final class Builder {
        private final String loc;
        private Lastmod lastmod;
        private Changefreq changefreq;
        private double priority = Double.NaN;
        private List<Alternate> alternates; // null until used: most URLs have no extensions
        private List<String> images;
        private List<Video> videos;
        private News news;

        private Builder(String loc) {
            this.loc = loc;
        }

        /**
         * Sets the lastmod from an {@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime}
         * or {@code LocalDate} (written date-only), as a column's value comes.
         *
         * @param value the time, or null to clear it
         * @return this builder
         */
        public Builder lastmod(Temporal value) {
            return lastmod(value == null ? null : Lastmod.of(value));
        }

        /**
         * Sets when the page last changed; null clears it (an unknown lastmod is omitted, never invented).
         *
         * @param value the lastmod, or null
         * @return this builder
         */
        public Builder lastmod(Lastmod value) {
            lastmod = value;
            return this;
        }

        /**
         * Sets the change frequency, which wins over the section's default; null clears it.
         *
         * @param value the frequency, or null
         * @return this builder
         */
        public Builder changefreq(Changefreq value) {
            changefreq = value;
            return this;
        }

        /**
         * Sets the priority relative to the site's other pages, which wins over the section's default.
         *
         * @param value 0.0 to 1.0
         * @return this builder
         */
        public Builder priority(double value) {
            if (!(value >= 0.0 && value <= 1.0)) { // tested first: the arguments would box a double per URL
                Checks.checkArgument(false, "priority must be between 0.0 and 1.0: %s", value);
            }
            priority = value;
            return this;
        }

        /**
         * Adds a language variant; the set must include the page itself.
         *
         * @param hreflang a language tag such as {@code de} or {@code en-GB}, or {@code x-default}
         * @param href the variant's absolute URL
         * @return this builder
         */
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

        /**
         * Adds an image of the page, at most {@value SitemapUrl#MAX_IMAGES}.
         *
         * @param imageLoc the image's absolute URL
         * @return this builder
         */
        public Builder image(String imageLoc) {
            Checks.checkAbsoluteUrl(imageLoc, "image loc");
            if (images == null) {
                images = new ArrayList<>();
            }
            Checks.checkArgument(images.size() < MAX_IMAGES, "more than %d images for loc %s", MAX_IMAGES, loc);
            images.add(imageLoc);
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
