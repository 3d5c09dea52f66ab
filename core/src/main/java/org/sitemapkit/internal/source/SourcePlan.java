package org.sitemapkit.internal.source;

import java.util.Objects;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/**
 * The engine's view of a source: rows, the mapping of one row to its URL, and its section's
 * defaults. Every source is one: a source of ready URLs has its URLs for rows and no mapping to
 * refuse, a stable source also reads key ranges. The renderer sees only plans, so it never asks
 * what class a source is.
 *
 * @param section the section the rows are paged into
 * @param defaults the section's defaults set on this source
 * @param rows opens the rows of one render
 * @param mapping makes the URL of one row; an {@code IllegalArgumentException} skips the row
 * @param range opens the rows of a key range of a stable source; null for any other
 * @param key the key of a row of a stable source; null for any other
 * @param name the source as messages name it
 */
public record SourcePlan(
        String section,
        SectionDefaults defaults,
        Rows rows,
        Mapping mapping,
        Range range,
        ToLongFunction<Object> key,
        String name) {

    /** Opens the rows of one render. */
    @FunctionalInterface
    public interface Rows {
        /**
         * Opens the rows.
         *
         * @param site the site being rendered
         * @return the rows, which the caller closes
         * @throws Exception when they cannot be opened
         */
        Stream<?> open(Site site) throws Exception;
    }

    /** Opens the rows whose keys lie in {@code from..to}, in ascending key order. */
    @FunctionalInterface
    public interface Range {
        /**
         * Opens the rows of a key range.
         *
         * @param site the site being rendered
         * @param from the smallest key, {@code Long.MIN_VALUE} when unbounded
         * @param to the largest key, {@code Long.MAX_VALUE} when unbounded
         * @return the rows, which the caller closes
         * @throws Exception when they cannot be read
         */
        Stream<?> open(Site site, long from, long to) throws Exception;
    }

    /** Makes the URL of one row. */
    @FunctionalInterface
    public interface Mapping {
        /**
         * Maps one row.
         *
         * @param row the row
         * @param site the site being rendered
         * @return its URL
         * @throws Exception a checked one fails the render; an {@code IllegalArgumentException} or
         *     {@code NullPointerException} skips the row
         */
        SitemapUrl map(Object row, Site site) throws Exception;
    }

    /** What a source that knows its own plan gives; the factories' sources do. */
    public interface Planned {
        /**
         * The source's plan.
         *
         * @return the plan
         */
        SourcePlan plan();
    }

    /** Checks the section name and that a stable source has both its range and its key. */
    public SourcePlan {
        Sections.check(section);
        Objects.requireNonNull(defaults, "defaults");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(mapping, "mapping");
        if ((range == null) != (key == null)) {
            throw new IllegalArgumentException("a stable source needs both its key range and its key");
        }
    }

    /**
     * The plan of a source of ready URLs: its URLs are its rows, and none is refused by a mapping.
     *
     * @param section the section
     * @param urls opens the URLs of one render
     * @param name the source as messages name it
     * @return the plan, without defaults
     */
    public static SourcePlan ofUrls(String section, Rows urls, String name) {
        return new SourcePlan(section, SectionDefaults.NONE, urls, (row, site) -> (SitemapUrl) row, null, null, name);
    }

    /**
     * Whether the section has stable pages: rows read by key range, boundaries kept.
     *
     * @return whether this is a stable source
     */
    public boolean stable() {
        return range != null;
    }

    /**
     * This plan with other defaults.
     *
     * @param value the defaults
     * @return a new plan
     */
    public SourcePlan withDefaults(SectionDefaults value) {
        return new SourcePlan(section, value, rows, mapping, range, key, name);
    }

    /**
     * The URL of one row, a checked exception of the mapping (a column that cannot be read)
     * wrapped to name the section.
     *
     * @param row the row
     * @param site the site being rendered
     * @return the row's URL
     * @throws IllegalArgumentException or NullPointerException when a builder refuses a value
     */
    public SitemapUrl map(Object row, Site site) {
        try {
            return mapping.map(row, site);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("mapping a row of section " + section + " failed: " + e, e);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
