package org.sitemapkit.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.sitemapkit.internal.check.Checks;

/**
 * A {@code <video:video>} of a page, with the fields Google's video sitemap documents. Fields
 * are written in the order the video schema's sequence demands.
 */
public final class Video {
    private final String thumbnailLoc;
    private final String title;
    private final String description;
    private final String contentLoc;
    private final String playerLoc;
    private final long duration;
    private final Lastmod expirationDate;
    private final String rating;
    private final long viewCount;
    private final Lastmod publicationDate;
    private final List<String> tags;
    private final Boolean familyFriendly;
    private final Boolean requiresSubscription;
    private final String uploader;
    private final Boolean live;

    private Video(Builder b) {
        thumbnailLoc = b.thumbnailLoc;
        title = b.title;
        description = b.description;
        contentLoc = b.contentLoc;
        playerLoc = b.playerLoc;
        duration = b.duration;
        expirationDate = b.expirationDate;
        rating = b.rating;
        viewCount = b.viewCount;
        publicationDate = b.publicationDate;
        tags = List.copyOf(b.tags);
        familyFriendly = b.familyFriendly;
        requiresSubscription = b.requiresSubscription;
        uploader = b.uploader;
        live = b.live;
    }

    /**
     * The three fields every video needs; then {@code contentLoc} or {@code playerLoc}.
     *
     * @param thumbnailLoc absolute URL of the thumbnail Google shows in results
     * @param title at most 100 characters
     * @param description at most 2,048 characters
     * @return a builder for the optional fields
     * @throws IllegalArgumentException if a field is blank, too long or not an absolute URL
     */
    public static Builder builder(String thumbnailLoc, String title, String description) {
        return new Builder(thumbnailLoc, title, description);
    }

    /**
     * {@code <video:thumbnail_loc>}, the image shown for the video in search results.
     *
     * @return an absolute URL
     */
    public String thumbnailLoc() {
        return thumbnailLoc;
    }

    /**
     * {@code <video:title>}.
     *
     * @return at most 100 characters
     */
    public String title() {
        return title;
    }

    /**
     * {@code <video:description>}.
     *
     * @return at most 2,048 characters
     */
    public String description() {
        return description;
    }

    /**
     * {@code <video:content_loc>}: the media file itself, which Google may fetch.
     *
     * @return an absolute URL, or null when only a player is given
     */
    public String contentLoc() {
        return contentLoc;
    }

    /**
     * {@code <video:player_loc>}: a page or embeddable player that plays the video.
     *
     * @return an absolute URL, or null when only the content file is given
     */
    public String playerLoc() {
        return playerLoc;
    }

    /**
     * {@code <video:duration>}.
     *
     * @return seconds, 1 to 28,800, or null when unknown
     */
    public Long duration() {
        return duration < 0 ? null : duration;
    }

    /**
     * {@code <video:expiration_date>}: after it, the video is no longer shown in results.
     *
     * @return the date, or null when the video does not expire
     */
    public Lastmod expirationDate() {
        return expirationDate;
    }

    /**
     * {@code <video:rating>}.
     *
     * @return the rating as written, 0.0 to 5.0, or null for none
     */
    public String rating() {
        return rating;
    }

    /**
     * {@code <video:view_count>}.
     *
     * @return zero or more, or null when not given
     */
    public Long viewCount() {
        return viewCount < 0 ? null : viewCount;
    }

    /**
     * {@code <video:publication_date>}: when the video was first published.
     *
     * @return the date, or null when not given
     */
    public Lastmod publicationDate() {
        return publicationDate;
    }

    /**
     * {@code <video:tag>} elements, in the order they were added.
     *
     * @return at most 32 tags, possibly none
     */
    public List<String> tags() {
        return tags;
    }

    /**
     * {@code <video:family_friendly>}: false keeps the video out of SafeSearch results.
     *
     * @return the flag, or null to leave the element out (Google then assumes yes)
     */
    public Boolean familyFriendly() {
        return familyFriendly;
    }

    /**
     * {@code <video:requires_subscription>}: whether watching needs a paid or free subscription.
     *
     * @return the flag, or null to leave the element out
     */
    public Boolean requiresSubscription() {
        return requiresSubscription;
    }

    /**
     * {@code <video:uploader>}: who uploaded the video.
     *
     * @return at most 255 characters, or null when not given
     */
    public String uploader() {
        return uploader;
    }

    /**
     * {@code <video:live>}: whether the video is a live stream.
     *
     * @return the flag, or null to leave the element out
     */
    public Boolean live() {
        return live;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Video)) {
            return false;
        }
        Video v = (Video) o;
        return v.thumbnailLoc.equals(thumbnailLoc)
                && v.title.equals(title)
                && v.description.equals(description)
                && Objects.equals(v.contentLoc, contentLoc)
                && Objects.equals(v.playerLoc, playerLoc)
                && v.duration == duration
                && Objects.equals(v.expirationDate, expirationDate)
                && Objects.equals(v.rating, rating)
                && v.viewCount == viewCount
                && Objects.equals(v.publicationDate, publicationDate)
                && v.tags.equals(tags)
                && Objects.equals(v.familyFriendly, familyFriendly)
                && Objects.equals(v.requiresSubscription, requiresSubscription)
                && Objects.equals(v.uploader, uploader)
                && Objects.equals(v.live, live);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                thumbnailLoc,
                title,
                description,
                contentLoc,
                playerLoc,
                duration,
                expirationDate,
                rating,
                viewCount,
                publicationDate,
                tags,
                familyFriendly,
                requiresSubscription,
                uploader,
                live);
    }

    @Override
    public String toString() {
        return "Video{" + title + ", " + (contentLoc != null ? contentLoc : playerLoc) + "}";
    }

    /** Collects the optional fields of a {@link Video}; each setter checks its value at once. */
    public static final class Builder {
        private final String thumbnailLoc;
        private final String title;
        private final String description;
        private String contentLoc;
        private String playerLoc;
        private long duration = -1;
        private Lastmod expirationDate;
        private String rating;
        private long viewCount = -1;
        private Lastmod publicationDate;
        private final List<String> tags = new ArrayList<>();
        private Boolean familyFriendly;
        private Boolean requiresSubscription;
        private String uploader;
        private Boolean live;

        private Builder(String thumbnailLoc, String title, String description) {
            this.thumbnailLoc = Checks.checkAbsoluteUrl(thumbnailLoc, "video thumbnail_loc");
            this.title = Checks.checkText(title, "video title", 100);
            this.description = Checks.checkText(description, "video description", 2048);
        }

        /**
         * The media file itself; a video needs this or a player URL.
         *
         * @param url an absolute URL
         * @return this builder
         */
        public Builder contentLoc(String url) {
            contentLoc = Checks.checkAbsoluteUrl(url, "video content_loc");
            return this;
        }

        /**
         * A player for the video; a video needs this or a content URL.
         *
         * @param url an absolute URL
         * @return this builder
         */
        public Builder playerLoc(String url) {
            playerLoc = Checks.checkAbsoluteUrl(url, "video player_loc");
            return this;
        }

        /**
         * How long the video runs.
         *
         * @param seconds 1 to 28,800
         * @return this builder
         */
        public Builder duration(long seconds) {
            Checks.checkArgument(
                    seconds >= 1 && seconds <= 28_800, "video duration must be 1 to 28800 seconds: %d", seconds);
            duration = seconds;
            return this;
        }

        /**
         * When the video stops being shown in results.
         *
         * @param date not null
         * @return this builder
         */
        public Builder expirationDate(Lastmod date) {
            expirationDate = Checks.checkNotNull(date, "video expiration_date");
            return this;
        }

        /**
         * The video's rating, written with as few decimals as it needs.
         *
         * @param value 0.0 to 5.0
         * @return this builder
         */
        public Builder rating(double value) {
            Checks.checkArgument(value >= 0.0 && value <= 5.0, "video rating must be 0.0 to 5.0: %s", value);
            rating = Checks.decimal(value);
            return this;
        }

        /**
         * How often the video was watched.
         *
         * @param count zero or more
         * @return this builder
         */
        public Builder viewCount(long count) {
            Checks.checkArgument(count >= 0, "video view_count must not be negative: %d", count);
            viewCount = count;
            return this;
        }

        /**
         * When the video was first published.
         *
         * @param date not null
         * @return this builder
         */
        public Builder publicationDate(Lastmod date) {
            publicationDate = Checks.checkNotNull(date, "video publication_date");
            return this;
        }

        /**
         * Adds a tag; at most 32 tags, as Google reads no more.
         *
         * @param tag at most 256 characters
         * @return this builder
         */
        public Builder tag(String tag) {
            Checks.checkText(tag, "video tag", 256);
            Checks.checkArgument(tags.size() < 32, "video has more than 32 tags: \"%s\"", tag);
            tags.add(tag);
            return this;
        }

        /**
         * Whether the video may appear in SafeSearch results.
         *
         * @param value false to keep it out of them
         * @return this builder
         */
        public Builder familyFriendly(boolean value) {
            familyFriendly = value;
            return this;
        }

        /**
         * Whether watching needs a subscription.
         *
         * @param value true when it does
         * @return this builder
         */
        public Builder requiresSubscription(boolean value) {
            requiresSubscription = value;
            return this;
        }

        /**
         * Who uploaded the video.
         *
         * @param name at most 255 characters
         * @return this builder
         */
        public Builder uploader(String name) {
            uploader = Checks.checkText(name, "video uploader", 255);
            return this;
        }

        /**
         * Whether the video is a live stream.
         *
         * @param value true for a live stream
         * @return this builder
         */
        public Builder live(boolean value) {
            live = value;
            return this;
        }

        /**
         * Refuses a video with neither a content nor a player URL.
         *
         * @return the video
         */
        public Video build() {
            Checks.checkArgument(
                    contentLoc != null || playerLoc != null, "video \"%s\" needs a content_loc or a player_loc", title);
            return new Video(this);
        }
    }
}
