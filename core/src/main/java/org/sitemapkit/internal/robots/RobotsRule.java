package org.sitemapkit.internal.robots;

import java.util.Objects;

/**
 * One {@code Allow} or {@code Disallow} line. The path is held percent-encoded, the form
 * RFC 9309 §2.2.2 has crawlers compare, so {@code /café} and {@code /caf%C3%A9} are one rule.
 */
public final class RobotsRule {
    /** For a URL both match, the longer path wins and Allow wins a tie (RFC 9309 §2.2.2). */
    public enum Type {
        /** Crawlers may fetch the matching paths. */
        ALLOW("Allow"),
        /** Crawlers must not fetch the matching paths. */
        DISALLOW("Disallow");

        private final String field;

        Type(String field) {
            this.field = field;
        }

        /**
         * The field name as written.
         *
         * @return {@code Allow} or {@code Disallow}
         */
        public String field() {
            return field;
        }
    }

    private final Type type;
    private final String path;

    private RobotsRule(Type type, String path) {
        this.type = type;
        this.path = path;
    }

    /**
     * A rule with its path percent-encoded, so that equal rules compare equal however written.
     *
     * @param type whether the rule allows or disallows
     * @param path {@code "/"} followed by any characters but controls, where {@code *} matches
     *     any run of characters and a final {@code $} anchors the end; or {@code ""}, which
     *     matches nothing
     * @return the rule
     * @throws IllegalArgumentException if the path is not such a pattern
     */
    public static RobotsRule of(Type type, String path) {
        RobotsChecks.checkNotNull(type, "type");
        return new RobotsRule(type, RobotsChecks.encodePath(path, type.field() + " path"));
    }

    /**
     * An {@code Allow} rule, which wins over a {@code Disallow} of a shorter or equal path.
     *
     * @param path a path pattern, as {@link #of} takes it
     * @return the rule
     */
    public static RobotsRule allow(String path) {
        return of(Type.ALLOW, path);
    }

    /**
     * {@code disallow("")} disallows nothing: the way to give a group access to everything.
     *
     * @param path a path pattern, as {@link #of} takes it
     * @return the rule
     */
    public static RobotsRule disallow(String path) {
        return of(Type.DISALLOW, path);
    }

    /**
     * Whether the rule allows or disallows, which breaks ties between equal-length matches.
     *
     * @return the rule's type
     */
    public Type type() {
        return type;
    }

    /**
     * The path pattern as crawlers compare it.
     *
     * @return the percent-encoded pattern; empty for a rule that matches nothing
     */
    public String path() {
        return path;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RobotsRule && ((RobotsRule) o).type == type && ((RobotsRule) o).path.equals(path);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, path);
    }

    /** The line as written, without its line end. */
    @Override
    public String toString() {
        return path.isEmpty() ? type.field() + ":" : type.field() + ": " + path;
    }
}
