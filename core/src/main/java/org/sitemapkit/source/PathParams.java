package org.sitemapkit.source;

import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Lastmod;

/**
 * One row of a {@link PathParamsProvider}: a value for each template variable and, optionally,
 * the page's lastmod. Values are kept as given and percent-encoded when the path is expanded; a
 * null or empty value, or one that could not route back to the method ({@code /}, {@code ;},
 * {@code %}, {@code \}, {@code .} or {@code ..}), makes that row's URL skipped with a warning,
 * never written wrong.
 *
 * <pre>{@code
 * PathParams.builder().put("id", rs.getLong(1)).put("slug", rs.getString(2)).lastmod(rs.getObject(3, OffsetDateTime.class)).build()
 * }</pre>
 *
 * <p>A row may carry its own changefreq and priority; they win over the {@link org.sitemapkit.SitemapEntry}'s.
 */
public final class PathParams {
    private final String[] names;
    private final String[] values;
    private final Lastmod lastmod;
    private final Changefreq changefreq;
    private final double priority;
    private final List<String> images;
    private final Map<String, String> alternates;

    private PathParams(Builder b) {
        this.names = Arrays.copyOf(b.names, b.size);
        this.values = Arrays.copyOf(b.values, b.size);
        this.lastmod = b.lastmod;
        this.changefreq = b.changefreq;
        this.priority = b.priority;
        this.images = List.copyOf(b.images);
        this.alternates = Collections.unmodifiableMap(new LinkedHashMap<>(b.alternates));
    }

    /**
     * A row of one variable.
     *
     * @param name the template variable
     * @param value its value
     * @return the row
     */
    public static PathParams of(String name, Object value) {
        return builder().put(name, value).build();
    }

    /**
     * A row of two variables.
     *
     * @param name1 the first template variable
     * @param value1 its value
     * @param name2 the second template variable
     * @param value2 its value
     * @return the row
     */
    public static PathParams of(String name1, Object value1, String name2, Object value2) {
        return builder().put(name1, value1).put(name2, value2).build();
    }

    /**
     * A row of three variables.
     *
     * @param name1 the first template variable
     * @param value1 its value
     * @param name2 the second template variable
     * @param value2 its value
     * @param name3 the third template variable
     * @param value3 its value
     * @return the row
     */
    public static PathParams of(String name1, Object value1, String name2, Object value2, String name3, Object value3) {
        return builder()
                .put(name1, value1)
                .put(name2, value2)
                .put(name3, value3)
                .build();
    }

    /**
     * Values by variable name, in the map's order.
     *
     * @param values the values by template variable
     * @return the row
     */
    public static PathParams of(Map<String, ?> values) {
        Builder b = builder();
        values.forEach(b::put);
        return b.build();
    }

    /**
     * Starts a row, for values plus a lastmod, images, alternates, changefreq or priority.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The value of {@code {name}}, as text.
     *
     * @param name the template variable
     * @return the value; empty when the row has none or it is null
     */
    public Optional<String> get(String name) {
        Objects.requireNonNull(name, "name");
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return Optional.ofNullable(values[i]);
            }
        }
        return Optional.empty();
    }

    /**
     * Every value by name, in the order given; null values included.
     *
     * @return an unmodifiable map
     */
    public Map<String, String> asMap() {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            map.put(names[i], values[i]);
        }
        return Collections.unmodifiableMap(map);
    }

    /**
     * When the page last changed.
     *
     * @return the lastmod, or null when unknown (it is then omitted, never invented)
     */
    public Lastmod lastmod() {
        return lastmod;
    }

    /**
     * The row's own change frequency, which wins over the annotation's.
     *
     * @return the frequency, or null for the annotation's
     */
    public Changefreq changefreq() {
        return changefreq;
    }

    /**
     * The row's own priority, which wins over the annotation's.
     *
     * @return 0.0 to 1.0, or NaN for the annotation's
     */
    public double priority() {
        return priority;
    }

    /**
     * Images of the page ({@code <image:image>}): absolute URLs, or paths starting with {@code /}
     * under the JAX-RS application, like the entries' own paths.
     *
     * @return the images, in the order given
     */
    public List<String> images() {
        return images;
    }

    /**
     * Language variants of the page ({@code xhtml:link}) by hreflang: absolute URLs, or paths
     * starting with {@code /} under the JAX-RS application. The set must include the page itself,
     * or the URL is skipped with a warning.
     *
     * @return the variants by hreflang, in the order given
     */
    public Map<String, String> alternates() {
        return alternates;
    }

    /**
     * A builder holding this row, to change or add to it.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        for (int i = 0; i < names.length; i++) {
            b.put(names[i], values[i]);
        }
        images.forEach(b::image);
        alternates.forEach(b::alternate);
        b.changefreq(changefreq);
        b.priority = priority;
        return b.lastmod(lastmod);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PathParams)) {
            return false;
        }
        PathParams p = (PathParams) o;
        return asMap().equals(p.asMap())
                && Objects.equals(lastmod, p.lastmod)
                && changefreq == p.changefreq
                && Double.compare(priority, p.priority) == 0
                && images.equals(p.images)
                && alternates.equals(p.alternates);
    }

    @Override
    public int hashCode() {
        return Objects.hash(asMap(), lastmod, changefreq, priority, images, alternates);
    }

    @Override
    public String toString() {
        return asMap()
                + (lastmod == null ? "" : " lastmod " + lastmod)
                + (changefreq == null ? "" : " changefreq " + changefreq)
                + (Double.isNaN(priority) ? "" : " priority " + priority)
                + (images.isEmpty() ? "" : " images " + images)
                + (alternates.isEmpty() ? "" : " alternates " + alternates);
    }

    /**
     * Collects values; {@link #put} with a name already given replaces its value. The lastmod,
     * changefreq, priority, image and alternate setters are named as {@code SitemapUrl.Builder}'s
     * are; their values are checked when the row's URL is made, and a row with a value no sitemap
     * can carry is skipped with a warning.
     */
    public static final class Builder {
        private String[] names = new String[2];
        private String[] values = new String[2];
        private int size;
        private Lastmod lastmod;
        private Changefreq changefreq;
        private double priority = Double.NaN;
        private final List<String> images = new ArrayList<>(0);
        private final Map<String, String> alternates = new LinkedHashMap<>(0);

        private Builder() {}

        /**
         * Sets {@code {name}} to {@code String.valueOf(value)}, or to null for a null value.
         *
         * @param name the template variable
         * @param value its value
         * @return this builder
         */
        public Builder put(String name, Object value) {
            Objects.requireNonNull(name, "name");
            String text = value == null ? null : value.toString();
            for (int i = 0; i < size; i++) {
                if (names[i].equals(name)) {
                    values[i] = text;
                    return this;
                }
            }
            if (size == names.length) {
                names = Arrays.copyOf(names, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            names[size] = name;
            values[size++] = text;
            return this;
        }

        /**
         * Sets the row's lastmod from a time, as
         * {@link org.sitemapkit.model.SitemapUrl.Builder#lastmod(Temporal)} does for a URL.
         *
         * @param value the time, or null to clear it
         * @return this builder
         */
        public Builder lastmod(Temporal value) {
            return lastmod(value == null ? null : Lastmod.of(value));
        }

        /**
         * Sets the row's lastmod, as {@link org.sitemapkit.model.SitemapUrl.Builder#lastmod(Lastmod)}
         * does for a URL.
         *
         * @param value the lastmod, or null
         * @return this builder
         */
        public Builder lastmod(Lastmod value) {
            lastmod = value;
            return this;
        }

        /**
         * Sets the row's change frequency, which wins over the {@code @SitemapEntry}'s; null leaves
         * the annotation's.
         *
         * @param value the frequency, or null
         * @return this builder
         */
        public Builder changefreq(Changefreq value) {
            changefreq = value;
            return this;
        }

        /**
         * Sets the row's priority, which wins over the {@code @SitemapEntry}'s; {@code NaN} leaves the
         * annotation's. Unlike {@link org.sitemapkit.model.SitemapUrl.Builder#priority(double)}, it
         * refuses nothing here: a row whose priority is outside 0.0 to 1.0 is skipped with a warning
         * when its URL is made.
         *
         * @param value 0.0 to 1.0, or {@code NaN}
         * @return this builder
         */
        public Builder priority(double value) {
            priority = value;
            return this;
        }

        /**
         * Adds an image of the page.
         *
         * @param urlOrPath an absolute URL, or a path starting with {@code /} under the JAX-RS application
         * @return this builder
         */
        public Builder image(String urlOrPath) {
            images.add(Objects.requireNonNull(urlOrPath, "image"));
            return this;
        }

        /**
         * Adds a language variant; the set must include the page itself.
         *
         * @param hreflang a language tag such as {@code de} or {@code en-GB}, or {@code x-default}
         * @param urlOrPath an absolute URL, or a path starting with {@code /} under the JAX-RS application
         * @return this builder
         */
        public Builder alternate(String hreflang, String urlOrPath) {
            Objects.requireNonNull(hreflang, "hreflang");
            Objects.requireNonNull(urlOrPath, "alternate");
            if (alternates.putIfAbsent(hreflang, urlOrPath) != null) {
                throw new IllegalArgumentException("hreflang \"" + hreflang + "\" is given twice");
            }
            return this;
        }

        /**
         * The row.
         *
         * @return the row
         */
        public PathParams build() {
            return new PathParams(this);
        }
    }
}
