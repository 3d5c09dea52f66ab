package org.sitemapkit.robots;

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

    public static Builder builder() {
        return new Builder();
    }

    public List<RobotsGroup> groups() {
        return groups;
    }

    /** Absolute http(s) URLs in their ASCII form, each once, in the order first added. */
    public List<String> sitemaps() {
        return sitemaps;
    }

    /**
     * This file's groups then {@code other}'s, and the sitemaps of both without repeats. Groups
     * naming the same crawler are not combined here: RFC 9309 §2.2.1 has crawlers do that.
     */
    public RobotsTxt merged(RobotsTxt other) {
        return toBuilder().addAll(other).build();
    }

    public Builder toBuilder() {
        return new Builder().addAll(this);
    }

    /**
     * The file as written by {@link #writeTo}.
     *
     * @throws IllegalStateException if it is over {@link #MAX_BYTES}
     */
    public byte[] toByteArray() {
        return RobotsWriter.bytes(this);
    }

    /**
     * Writes the file and flushes {@code out}, leaving it open for the caller to close.
     *
     * @throws IllegalStateException if the file is over {@link #MAX_BYTES}; nothing is written
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

    public static final class Builder {
        private final List<RobotsGroup> groups = new ArrayList<>();
        private final Set<String> sitemaps = new LinkedHashSet<>();

        private Builder() {}

        public Builder group(RobotsGroup group) {
            groups.add(RobotsChecks.checkNotNull(group, "group"));
            return this;
        }

        /** Adding a URL already present does nothing. */
        public Builder sitemap(String absoluteUrl) {
            sitemaps.add(RobotsChecks.checkSitemapUrl(absoluteUrl));
            return this;
        }

        /** Appends the groups and sitemaps of {@code robots}, as {@link RobotsTxt#merged} does. */
        public Builder addAll(RobotsTxt robots) {
            RobotsChecks.checkNotNull(robots, "robots");
            groups.addAll(robots.groups);
            sitemaps.addAll(robots.sitemaps);
            return this;
        }

        public RobotsTxt build() {
            return new RobotsTxt(this);
        }
    }
}
