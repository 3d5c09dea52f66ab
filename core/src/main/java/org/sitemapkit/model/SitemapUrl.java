package org.sitemapkit.model;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code <url>} of a urlset. The builder refuses what can never be valid; whether the loc
 * is inside the sitemap's scope is only known when it is written, so the writer checks that.
 */
public final class SitemapUrl {
    /** Google reads at most this many images per page. */
    public static final int MAX_IMAGES = 1000;

    private final String loc;
    private final Lastmod lastmod;
    private final Changefreq changefreq;
    private final String priority;
    private final List<Alternate> alternates;
    private final List<Image> images;
    private final List<Video> videos;
    private final News news;

    private SitemapUrl(Builder b) {
        loc = b.loc;
        lastmod = b.lastmod;
        changefreq = b.changefreq;
        priority = b.priority;
        alternates = b.alternates == null ? List.of() : List.copyOf(b.alternates);
        images = b.images == null ? List.of() : List.copyOf(b.images);
        videos = b.videos == null ? List.of() : List.copyOf(b.videos);
        news = b.news;
    }

    /** A URL with nothing but its loc. */
    public static SitemapUrl of(String loc) {
        return builder(loc).build();
    }

    /** @param loc absolute http or https URL; it is percent-encoded when written */
    public static Builder builder(String loc) {
        return new Builder(loc);
    }

    public String loc() {
        return loc;
    }

    public Optional<Lastmod> lastmod() {
        return Optional.ofNullable(lastmod);
    }

    /** The lastmod or null, for the writer's hot path. */
    public Lastmod lastmodOrNull() {
        return lastmod;
    }

    public Optional<Changefreq> changefreq() {
        return Optional.ofNullable(changefreq);
    }

    /** The changefreq or null, for the writer's hot path. */
    public Changefreq changefreqOrNull() {
        return changefreq;
    }

    /** The priority as written ({@code 0.8}), kept as text so that no writer reformats it. */
    public Optional<String> priority() {
        return Optional.ofNullable(priority);
    }

    /** The priority text or null, for the writer's hot path. */
    public String priorityOrNull() {
        return priority;
    }

    public List<Alternate> alternates() {
        return alternates;
    }

    public List<Image> images() {
        return images;
    }

    public List<Video> videos() {
        return videos;
    }

    public Optional<News> news() {
        return Optional.ofNullable(news);
    }

    /** True when the URL carries anything beyond the four core fields. */
    public boolean hasExtensions() {
        return !alternates.isEmpty() || !images.isEmpty() || !videos.isEmpty() || news != null;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SitemapUrl)) {
            return false;
        }
        SitemapUrl u = (SitemapUrl) o;
        return u.loc.equals(loc)
                && Objects.equals(u.lastmod, lastmod)
                && u.changefreq == changefreq
                && Objects.equals(u.priority, priority)
                && u.alternates.equals(alternates)
                && u.images.equals(images)
                && u.videos.equals(videos)
                && Objects.equals(u.news, news);
    }

    @Override
    public int hashCode() {
        return Objects.hash(loc, lastmod, changefreq, priority, alternates, images, videos, news);
    }

    @Override
    public String toString() {
        return loc;
    }

    public static final class Builder {
        private final String loc;
        private Lastmod lastmod;
        private Changefreq changefreq;
        private String priority;
        private List<Alternate> alternates; // null until used: most URLs have no extensions
        private List<Image> images;
        private List<Video> videos;
        private News news;

        private Builder(String loc) {
            this.loc = Checks.checkAbsoluteUrl(loc, "loc");
        }

        /** Null clears it: an unknown lastmod is omitted, never invented. */
        public Builder lastmod(Lastmod value) {
            lastmod = value;
            return this;
        }

        public Builder lastmod(Instant value) {
            return lastmod(value == null ? null : Lastmod.of(value));
        }

        public Builder lastmod(OffsetDateTime value) {
            return lastmod(value == null ? null : Lastmod.of(value));
        }

        public Builder lastmod(LocalDate value) {
            return lastmod(value == null ? null : Lastmod.of(value));
        }

        public Builder changefreq(Changefreq value) {
            changefreq = value;
            return this;
        }

        /** 0.0 to 1.0; relative to the site's other pages, not to other sites. */
        public Builder priority(double value) {
            Checks.checkArgument(value >= 0.0 && value <= 1.0, "priority must be between 0.0 and 1.0: %s", value);
            priority = Checks.decimal(value);
            return this;
        }

        /** Adds a language variant; the set must include this URL's own loc. */
        public Builder alternate(String hreflang, String href) {
            return alternate(Alternate.of(hreflang, href));
        }

        public Builder alternate(Alternate alternate) {
            Checks.checkNotNull(alternate, "alternate");
            if (alternates == null) {
                alternates = new ArrayList<>();
            }
            for (Alternate a : alternates) {
                Checks.checkArgument(
                        !a.hreflang().equalsIgnoreCase(alternate.hreflang()),
                        "hreflang \"%s\" is listed twice for loc %s",
                        alternate.hreflang(),
                        loc);
            }
            alternates.add(alternate);
            return this;
        }

        public Builder image(String imageLoc) {
            return image(Image.of(imageLoc));
        }

        public Builder image(Image image) {
            Checks.checkNotNull(image, "image");
            if (images == null) {
                images = new ArrayList<>();
            }
            Checks.checkArgument(images.size() < MAX_IMAGES, "more than %d images for loc %s", MAX_IMAGES, loc);
            images.add(image);
            return this;
        }

        public Builder video(Video video) {
            if (videos == null) {
                videos = new ArrayList<>();
            }
            videos.add(Checks.checkNotNull(video, "video"));
            return this;
        }

        public Builder news(News value) {
            news = value;
            return this;
        }

        public SitemapUrl build() {
            if (alternates != null) {
                boolean self = false;
                for (Alternate a : alternates) {
                    self |= a.href().equals(loc);
                }
                Checks.checkArgument(
                        self, "alternates of %s must include the URL itself (hreflang pairs must be reciprocal)", loc);
            }
            return new SitemapUrl(this);
        }
    }
}
