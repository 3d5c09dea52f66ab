package org.sitemapkit.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

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

    /** The three fields every video needs; then {@code contentLoc} or {@code playerLoc}. */
    public static Builder builder(String thumbnailLoc, String title, String description) {
        return new Builder(thumbnailLoc, title, description);
    }

    public String thumbnailLoc() {
        return thumbnailLoc;
    }

    public String title() {
        return title;
    }

    public String description() {
        return description;
    }

    public Optional<String> contentLoc() {
        return Optional.ofNullable(contentLoc);
    }

    public Optional<String> playerLoc() {
        return Optional.ofNullable(playerLoc);
    }

    /** Seconds, 1 to 28,800. */
    public OptionalLong duration() {
        return duration < 0 ? OptionalLong.empty() : OptionalLong.of(duration);
    }

    public Optional<Lastmod> expirationDate() {
        return Optional.ofNullable(expirationDate);
    }

    /** The rating as written, 0.0 to 5.0. */
    public Optional<String> rating() {
        return Optional.ofNullable(rating);
    }

    public OptionalLong viewCount() {
        return viewCount < 0 ? OptionalLong.empty() : OptionalLong.of(viewCount);
    }

    public Optional<Lastmod> publicationDate() {
        return Optional.ofNullable(publicationDate);
    }

    public List<String> tags() {
        return tags;
    }

    public Optional<Boolean> familyFriendly() {
        return Optional.ofNullable(familyFriendly);
    }

    public Optional<Boolean> requiresSubscription() {
        return Optional.ofNullable(requiresSubscription);
    }

    public Optional<String> uploader() {
        return Optional.ofNullable(uploader);
    }

    public Optional<Boolean> live() {
        return Optional.ofNullable(live);
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

        public Builder contentLoc(String url) {
            contentLoc = Checks.checkAbsoluteUrl(url, "video content_loc");
            return this;
        }

        public Builder playerLoc(String url) {
            playerLoc = Checks.checkAbsoluteUrl(url, "video player_loc");
            return this;
        }

        public Builder duration(long seconds) {
            Checks.checkArgument(
                    seconds >= 1 && seconds <= 28_800, "video duration must be 1 to 28800 seconds: %d", seconds);
            duration = seconds;
            return this;
        }

        public Builder expirationDate(Lastmod date) {
            expirationDate = Checks.checkNotNull(date, "video expiration_date");
            return this;
        }

        public Builder rating(double value) {
            Checks.checkArgument(value >= 0.0 && value <= 5.0, "video rating must be 0.0 to 5.0: %s", value);
            rating = Checks.decimal(value);
            return this;
        }

        public Builder viewCount(long count) {
            Checks.checkArgument(count >= 0, "video view_count must not be negative: %d", count);
            viewCount = count;
            return this;
        }

        public Builder publicationDate(Lastmod date) {
            publicationDate = Checks.checkNotNull(date, "video publication_date");
            return this;
        }

        /** At most 32 tags, as Google reads no more. */
        public Builder tag(String tag) {
            Checks.checkText(tag, "video tag", 256);
            Checks.checkArgument(tags.size() < 32, "video has more than 32 tags: \"%s\"", tag);
            tags.add(tag);
            return this;
        }

        public Builder familyFriendly(boolean value) {
            familyFriendly = value;
            return this;
        }

        public Builder requiresSubscription(boolean value) {
            requiresSubscription = value;
            return this;
        }

        public Builder uploader(String name) {
            uploader = Checks.checkText(name, "video uploader", 255);
            return this;
        }

        public Builder live(boolean value) {
            live = value;
            return this;
        }

        public Video build() {
            Checks.checkArgument(
                    contentLoc != null || playerLoc != null, "video \"%s\" needs a content_loc or a player_loc", title);
            return new Video(this);
        }
    }
}
