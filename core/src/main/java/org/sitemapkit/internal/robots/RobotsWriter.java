package org.sitemapkit.internal.robots;

import java.nio.charset.StandardCharsets;

/** The one place that decides how robots.txt text looks: {@code \n} line ends, fixed casing. */
final class RobotsWriter {
    private RobotsWriter() {}

    static String text(RobotsTxt robots) {
        StringBuilder out = new StringBuilder();
        for (RobotsGroup group : robots.groups()) {
            if (out.length() > 0) {
                out.append('\n');
            }
            append(out, group);
        }
        if (!robots.sitemaps().isEmpty() && out.length() > 0) {
            out.append('\n');
        }
        for (String sitemap : robots.sitemaps()) {
            out.append("Sitemap: ").append(sitemap).append('\n');
        }
        return out.toString();
    }

    static void append(StringBuilder out, RobotsGroup group) {
        for (String userAgent : group.userAgents()) {
            out.append("User-agent: ").append(userAgent).append('\n');
        }
        for (RobotsRule rule : group.rules()) {
            out.append(rule).append('\n');
        }
    }

    /** Fails rather than emit a file whose tail crawlers may ignore. */
    static byte[] bytes(RobotsTxt robots) {
        byte[] bytes = text(robots).getBytes(StandardCharsets.UTF_8);
        if (bytes.length > RobotsTxt.MAX_BYTES) {
            throw new IllegalStateException("robots.txt is " + bytes.length + " bytes, over the " + RobotsTxt.MAX_BYTES
                    + " (500 KiB) that RFC 9309 crawlers must read");
        }
        return bytes;
    }
}
