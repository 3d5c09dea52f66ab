package org.sitemapkit.internal.render;

import java.util.Objects;
import org.sitemapkit.internal.robots.RobotsRules;

/**
 * The stage in front of the page writer that leaves out URLs of the site it must not list: those
 * the {@code exclude} patterns match (by path), then those the site's own robots.txt disallows to
 * every crawler (by path and query), since search consoles report a listed URL that robots.txt
 * blocks as an error. Immutable.
 */
public final class UrlFilter {
    /** Lets every URL through. */
    static final UrlFilter NONE = new UrlFilter(RobotsRules.NONE, RobotsRules.NONE);

    private final RobotsRules exclude;
    private final RobotsRules robots;

    private UrlFilter(RobotsRules exclude, RobotsRules robots) {
        this.exclude = Objects.requireNonNull(exclude, "exclude");
        this.robots = Objects.requireNonNull(robots, "robots");
    }

    UrlFilter exclude(RobotsRules patterns) {
        return new UrlFilter(patterns, robots);
    }

    UrlFilter robots(RobotsRules rules) {
        return new UrlFilter(exclude, rules);
    }

    /**
     * Why a loc of the site is left out.
     *
     * @param loc an absolute URL in the site's scope
     * @return {@code EXCLUDED}, {@code ROBOTS_DISALLOWED}, or null to write it
     */
    SkipReason check(String loc) {
        if (!exclude.isEmpty() && !exclude.allows(path(loc))) {
            return SkipReason.EXCLUDED;
        }
        if (!robots.isEmpty() && !robots.allows(pathAndQuery(loc))) {
            return SkipReason.ROBOTS_DISALLOWED;
        }
        return null;
    }

    /** The path and query of an absolute URL, without its fragment: what robots.txt rules match. */
    public static String pathAndQuery(String loc) {
        int start = loc.indexOf("://") + 3;
        int slash = start;
        while (slash < loc.length() && "/?#".indexOf(loc.charAt(slash)) < 0) {
            slash++;
        }
        int hash = loc.indexOf('#', slash);
        String rest = loc.substring(slash, hash < 0 ? loc.length() : hash);
        return rest.startsWith("/") ? rest : "/" + rest;
    }

    /** The path of an absolute URL, without query or fragment: what {@code exclude} patterns match. */
    static String path(String loc) {
        String p = pathAndQuery(loc);
        int q = p.indexOf('?');
        return q < 0 ? p : p.substring(0, q);
    }
}
