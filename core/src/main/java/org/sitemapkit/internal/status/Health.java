package org.sitemapkit.internal.status;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code sitemapkit} health check as MicroProfile Health reports it: up unless {@code health-down}
 * opts in, with one line per section. It names no failure's text (a server's health endpoint may be
 * public); JMX and the status page, which are not, quote it.
 *
 * @param up whether the check is up
 * @param data the flat details MicroProfile Health allows: strings and numbers
 */
public record Health(boolean up, Map<String, Object> data) {
    /** When the check goes down: never by default, since a stale sitemap is no reason to take a site out of its balancer. */
    public enum DownWhen {
        /** Always up, with the stale and failing sections in the data. */
        NEVER,
        /** Down while a section has no page to serve (its requests get 503). */
        FAILING,
        /** Down while a section is stale (serving pages older than its last, failed, render) or failing. */
        STALE
    }

    public Health {
        data = Collections.unmodifiableMap(new LinkedHashMap<>(data));
    }

    /**
     * The check over {@code source}, or up with {@code serving=false} when no filter runs (yet).
     *
     * @param source the running engine's status, or null
     * @param rule when to go down
     */
    public static Health of(StatusSource source, DownWhen rule) {
        Map<String, Object> data = new LinkedHashMap<>();
        if (source == null) {
            data.put("serving", false);
            return new Health(true, data);
        }
        List<SectionStatus> all = source.sections();
        long stale = 0;
        long failing = 0;
        Map<String, Object> lines = new LinkedHashMap<>();
        for (SectionStatus s : all) {
            switch (s.state()) {
                case "stale" -> stale++;
                case "failing" -> failing++;
                default -> {
                    // ok, or not rendered yet: neither counts against the check
                }
            }
            lines.put(s.site() + " " + s.section(), line(s));
        }
        data.put("serving", true);
        data.put("sections", (long) all.size());
        data.put("stale", stale);
        data.put("failing", failing);
        data.putAll(lines);
        return new Health(up(all, rule), data);
    }

    /**
     * Whether the check is up over these sections, for a view that shows its own details of the same
     * snapshot (Spring Boot's contributor).
     *
     * @param sections the sections, as one {@link StatusSource#sections()} gave them
     * @param rule when to go down
     */
    public static boolean up(List<SectionStatus> sections, DownWhen rule) {
        return switch (rule) {
            case NEVER -> true;
            case FAILING -> sections.stream().noneMatch(s -> s.state().equals("failing"));
            case STALE ->
                sections.stream()
                        .noneMatch(s -> s.state().equals("failing") || s.state().equals("stale"));
        };
    }

    /** One section in a line: its state, since when it fails, and what is served meanwhile; never the failure's text. */
    static String line(SectionStatus s) {
        String checks = s.verify() == null ? "" : "; page checks: " + s.verify().summary();
        return state(s) + checks;
    }

    private static String state(SectionStatus s) {
        return switch (s.state()) {
            case "ok" -> "ok: " + s.urls() + " URLs rendered at " + s.renderedAt();
            case "stale" ->
                "stale since " + s.failingSince() + ": serving the " + s.urls() + " URLs rendered at " + s.renderedAt()
                        + "; " + s.failures() + " renders failed on this node";
            case "failing" ->
                "failing since " + s.failingSince() + ": no page to serve (503); " + s.failures()
                        + " renders failed on this node";
            default -> s.state();
        };
    }
}
