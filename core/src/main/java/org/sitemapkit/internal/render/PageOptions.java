package org.sitemapkit.internal.render;

import java.util.Objects;

/** How urlset pages are cut and encoded: the protocol's limits, or stricter ones. */
public final class PageOptions {
    /** The protocol's limit of URLs per page (and of pages per index). */
    public static final int MAX_URLS = 50_000;
    /** The protocol's limit of uncompressed bytes per page. */
    public static final int MAX_BYTES = 52_428_800;
    /** 10 MiB: the older protocol limit, still what several crawlers fetch at most. */
    public static final int DEFAULT_MAX_BYTES = 10_485_760;
    /** Smaller pages could not hold a declaration, a start tag with every namespace and one URL. */
    public static final int MIN_BYTES = 1024;

    private static final PageOptions DEFAULTS = builder().build();

    private final int maxUrls;
    private final int maxBytes;
    private final boolean gzip;
    private final int gzipLevel;
    private final boolean backgroundCompression;
    private final NewsExpired newsExpired;

    /**
     * What becomes of a news article published more than two days before the render: Google News
     * reads the news block of recent articles only.
     */
    public enum NewsExpired {
        /** Written as a plain URL, without its news block. */
        PLAIN,
        /** Left out, counted as {@link SkipReason#NEWS_EXPIRED}. */
        SKIP
    }

    private PageOptions(Builder b) {
        maxUrls = b.maxUrls;
        maxBytes = b.maxBytes;
        gzip = b.gzip;
        gzipLevel = b.gzipLevel;
        backgroundCompression = b.backgroundCompression;
        newsExpired = b.newsExpired;
    }

    /**
     * 50,000 URLs, 10 MiB, gzip level 6 on a background thread.
     *
     * @return the default options
     */
    public static PageOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Starts from the defaults, so only the differences need setting.
     *
     * @return a builder holding the defaults
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * For a copy that differs in a few options.
     *
     * @return a builder holding these options
     */
    public Builder toBuilder() {
        return new Builder()
                .maxUrls(maxUrls)
                .maxBytes(maxBytes)
                .gzip(gzip)
                .gzipLevel(gzipLevel)
                .backgroundCompression(backgroundCompression)
                .newsExpired(newsExpired);
    }

    /**
     * Where a page is cut by count.
     *
     * @return 1 to {@link #MAX_URLS}
     */
    public int maxUrls() {
        return maxUrls;
    }

    /**
     * Where a page is cut by size: the uncompressed size, which the protocol's limit applies to.
     *
     * @return {@link #MIN_BYTES} to {@link #MAX_BYTES}
     */
    public int maxBytes() {
        return maxBytes;
    }

    /**
     * Whether pages are written as gzip members (the cache keeps them so).
     *
     * @return false to keep pages uncompressed
     */
    public boolean gzip() {
        return gzip;
    }

    /**
     * The deflate level of compressed pages: speed against size.
     *
     * @return 1 (fastest) to 9 (smallest)
     */
    public int gzipLevel() {
        return gzipLevel;
    }

    /**
     * Whether pages are deflated on background threads (one per processor but one, at most three)
     * while the writing thread encodes URLs, and deflates a block itself when they are behind;
     * deflating is most of a render's work. The bytes are the same either way, and memory stays
     * at a few 448 KiB blocks. On one processor it changes nothing.
     *
     * @return false to deflate on the writing thread only
     */
    public boolean backgroundCompression() {
        return backgroundCompression;
    }

    /**
     * What becomes of news articles older than two days.
     *
     * @return plain URLs (the default) or skipped
     */
    public NewsExpired newsExpired() {
        return newsExpired;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PageOptions)) {
            return false;
        }
        PageOptions p = (PageOptions) o;
        return p.maxUrls == maxUrls
                && p.maxBytes == maxBytes
                && p.gzip == gzip
                && p.gzipLevel == gzipLevel
                && p.backgroundCompression == backgroundCompression
                && p.newsExpired == newsExpired;
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxUrls, maxBytes, gzip, gzipLevel, backgroundCompression, newsExpired);
    }

    @Override
    public String toString() {
        return "PageOptions{max-urls=" + maxUrls + ", max-bytes=" + maxBytes
                + (gzip
                        ? ", gzip level " + gzipLevel + (backgroundCompression ? " in the background" : "")
                        : ", identity")
                + "}";
    }

    /** Collects {@link PageOptions}; each setter refuses a value outside its range at once. */
    public static final class Builder {
        private int maxUrls = MAX_URLS;
        private int maxBytes = DEFAULT_MAX_BYTES;
        private boolean gzip = true;
        private int gzipLevel = 6;
        private boolean backgroundCompression = true;
        private NewsExpired newsExpired = NewsExpired.PLAIN;

        private Builder() {}

        /**
         * What becomes of news articles older than two days.
         *
         * @param value plain URLs or skipped
         * @return this builder
         */
        public Builder newsExpired(NewsExpired value) {
            newsExpired = Objects.requireNonNull(value, "news-expired");
            return this;
        }

        /**
         * Cuts pages at fewer URLs than the protocol allows.
         *
         * @param value 1 to {@link PageOptions#MAX_URLS}
         * @return this builder
         */
        public Builder maxUrls(int value) {
            if (value < 1 || value > MAX_URLS) {
                throw new IllegalArgumentException("max-urls must be 1 to " + MAX_URLS + ": " + value);
            }
            maxUrls = value;
            return this;
        }

        /**
         * Cuts pages at fewer uncompressed bytes than the protocol allows.
         *
         * @param value {@link PageOptions#MIN_BYTES} to {@link PageOptions#MAX_BYTES}
         * @return this builder
         */
        public Builder maxBytes(int value) {
            if (value < MIN_BYTES || value > MAX_BYTES) {
                throw new IllegalArgumentException(
                        "max-bytes must be " + MIN_BYTES + " to " + MAX_BYTES + ": " + value);
            }
            maxBytes = value;
            return this;
        }

        /**
         * Whether pages are kept as gzip members.
         *
         * @param value false to keep them uncompressed
         * @return this builder
         */
        public Builder gzip(boolean value) {
            gzip = value;
            return this;
        }

        /**
         * Trades render time for page size.
         *
         * @param value 1 (fastest) to 9 (smallest)
         * @return this builder
         */
        public Builder gzipLevel(int value) {
            if (value < 1 || value > 9) {
                throw new IllegalArgumentException("gzip level must be 1 to 9: " + value);
            }
            gzipLevel = value;
            return this;
        }

        /**
         * Whether pages are deflated on background threads while URLs are encoded.
         *
         * @param value false to deflate on the writing thread only
         * @return this builder
         */
        public Builder backgroundCompression(boolean value) {
            backgroundCompression = value;
            return this;
        }

        /**
         * Copies the values, so the builder can go on to make other options.
         *
         * @return the options
         */
        public PageOptions build() {
            return new PageOptions(this);
        }
    }
}
