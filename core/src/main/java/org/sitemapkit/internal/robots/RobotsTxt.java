package org.sitemapkit.internal.robots;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A whole robots.txt: groups in order, then {@code Sitemap} lines. It writes as UTF-8 with
 * {@code \n} line ends, the same bytes for equal values, and {@link RobotsParser} reads those
 * bytes back to an equal value.
 */
public final class RobotsTxt {
    /** 500 KiB: RFC 9309 §2.5 only promises that crawlers read this much. */
    public static final int MAX_BYTES = 512_000;

    private final List<RobotsGroup> groups;
    private final List<String> sitemaps;

    private RobotsTxt(Builder builder) {
        this.groups = List.copyOf(builder.groups);
        this.sitemaps = List.copyOf(builder.sitemaps);
    }

    /**
     * Starts an empty file, which is valid: it allows everything.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The groups in the order written; crawlers combine those naming the same crawler.
     *
     * @return the groups, possibly none
     */
    public List<RobotsGroup> groups() {
        return groups;
    }

    /**
     * The {@code Sitemap} lines, which every major crawler reads whatever group it follows.
     *
     * @return absolute http(s) URLs in their ASCII form, each once, in the order first added
     */
    public List<String> sitemaps() {
        return sitemaps;
    }

    /**
     * This file's groups then {@code other}'s, and the sitemaps of both without repeats. Groups
     * naming the same crawler are not combined here: RFC 9309 §2.2.1 has crawlers do that.
     *
     * @param other the file to append
     * @return the merged file
     */
    public RobotsTxt merged(RobotsTxt other) {
        return toBuilder().addAll(other).build();
    }

    /**
     * For a file that adds groups or sitemaps to this one.
     *
     * @return a builder holding this file's groups and sitemaps
     */
    public Builder toBuilder() {
        return new Builder().addAll(this);
    }

    /**
     * The file as written by {@link #writeTo}.
     *
     * @return the file's UTF-8 bytes
     * @throws IllegalStateException if it is over {@link #MAX_BYTES}
     */
    public byte[] toByteArray() {
        return RobotsWriter.bytes(this);
    }

    /**
     * Writes the file and flushes {@code out}, leaving it open for the caller to close.
     *
     * @param out where the file goes
     * @throws IllegalStateException if the file is over {@link #MAX_BYTES}; nothing is written
     * @throws IOException if {@code out} fails
     */
    public void writeTo(OutputStream out) throws IOException {
        RobotsChecks.checkNotNull(out, "out");
        out.write(RobotsWriter.bytes(this));
        out.flush();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RobotsTxt
                && ((RobotsTxt) o).groups.equals(groups)
                && ((RobotsTxt) o).sitemaps.equals(sitemaps);
    }

    @Override
    public int hashCode() {
        return Objects.hash(groups, sitemaps);
    }

    /** The file's text, whatever its size. */
    @Override
    public String toString() {
        return RobotsWriter.text(this);
    }

    /** Collects a {@link RobotsTxt}; each group and URL is checked as it is added. */
    public static final class Builder {
        private final List<RobotsGroup> groups = new ArrayList<>();
        private final Set<String> sitemaps = new LinkedHashSet<>();

        private Builder() {}

        /**
         * Adds a group after those already added.
         *
         * @param group not null
         * @return this builder
         */
        public Builder group(RobotsGroup group) {
            groups.add(RobotsChecks.checkNotNull(group, "group"));
            return this;
        }

        /**
         * Adds a {@code Sitemap} line; adding a URL already present does nothing.
         *
         * @param absoluteUrl an absolute http(s) URL
         * @return this builder
         */
        public Builder sitemap(String absoluteUrl) {
            sitemaps.add(RobotsChecks.checkSitemapUrl(absoluteUrl));
            return this;
        }

        /**
         * Appends the groups and sitemaps of {@code robots}, as {@link RobotsTxt#merged} does.
         *
         * @param robots the file to append
         * @return this builder
         */
        public Builder addAll(RobotsTxt robots) {
            RobotsChecks.checkNotNull(robots, "robots");
            groups.addAll(robots.groups);
            sitemaps.addAll(robots.sitemaps);
            return this;
        }

        /**
         * The file; any size builds, and the size limit is checked when it is written.
         *
         * @return the file
         */
        public RobotsTxt build() {
            return new RobotsTxt(this);
        }
    }
}
