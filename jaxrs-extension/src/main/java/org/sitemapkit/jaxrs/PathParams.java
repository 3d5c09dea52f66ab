package org.sitemapkit.jaxrs;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.sitemapkit.model.Lastmod;

/**
 * One row of a {@link PathParamsProvider}: a value for each template variable and, optionally,
 * the page's lastmod. Values are kept as given and percent-encoded when the path is expanded; a
 * null or empty value, or one that could not route back to the method ({@code /}, {@code ;},
 * {@code %}, {@code \}, {@code .} or {@code ..}), makes that row's URL skipped with a warning,
 * never written wrong.
 *
 * <pre>{@code
 * PathParams.of("id", rs.getLong(1), "slug", rs.getString(2)).withLastmod(rs.getTimestamp(3).toInstant())
 * }</pre>
 */
public final class PathParams {
    private final String[] names;
    private final String[] values;
    private final Lastmod lastmod;
    private final List<String> images;
    private final Map<String, String> alternates;

    private PathParams(
            String[] names, String[] values, Lastmod lastmod, List<String> images, Map<String, String> alternates) {
        this.names = names;
        this.values = values;
        this.lastmod = lastmod;
        this.images = images;
        this.alternates = alternates;
    }

    public static PathParams of(String name, Object value) {
        return builder().put(name, value).build();
    }

    public static PathParams of(String name1, Object value1, String name2, Object value2) {
        return builder().put(name1, value1).put(name2, value2).build();
    }

    public static PathParams of(String name1, Object value1, String name2, Object value2, String name3, Object value3) {
        return builder()
                .put(name1, value1)
                .put(name2, value2)
                .put(name3, value3)
                .build();
    }

    /** Values by variable name, in the map's order. */
    public static PathParams of(Map<String, ?> values) {
        Builder b = builder();
        values.forEach(b::put);
        return b.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The value of {@code {name}}, as text; empty when the row has none or it is null. */
    public Optional<String> get(String name) {
        Objects.requireNonNull(name, "name");
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return Optional.ofNullable(values[i]);
            }
        }
        return Optional.empty();
    }

    /** Every value by name, in the order given; null values included. */
    public Map<String, String> asMap() {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            map.put(names[i], values[i]);
        }
        return Collections.unmodifiableMap(map);
    }

    public Optional<Lastmod> lastmod() {
        return Optional.ofNullable(lastmod);
    }

    /**
     * Images of the page ({@code <image:image>}): absolute URLs, or paths starting with {@code /}
     * under the JAX-RS application, like the entries' own paths.
     */
    public List<String> images() {
        return images;
    }

    /**
     * Language variants of the page ({@code xhtml:link}) by hreflang: absolute URLs, or paths
     * starting with {@code /} under the JAX-RS application. The set must include the page itself,
     * or the URL is skipped with a warning.
     */
    public Map<String, String> alternates() {
        return alternates;
    }

    /** This row with a lastmod; null clears it (an unknown lastmod is omitted, never invented). */
    public PathParams withLastmod(Lastmod value) {
        return new PathParams(names, values, value, images, alternates);
    }

    /** This row with one more image. */
    public PathParams withImage(String urlOrPath) {
        return toBuilder().image(urlOrPath).build();
    }

    /** This row with one more language variant. */
    public PathParams withAlternate(String hreflang, String urlOrPath) {
        return toBuilder().alternate(hreflang, urlOrPath).build();
    }

    public PathParams withLastmod(Instant value) {
        return withLastmod(value == null ? null : Lastmod.of(value));
    }

    public PathParams withLastmod(OffsetDateTime value) {
        return withLastmod(value == null ? null : Lastmod.of(value));
    }

    public PathParams withLastmod(LocalDate value) {
        return withLastmod(value == null ? null : Lastmod.of(value));
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        for (int i = 0; i < names.length; i++) {
            b.put(names[i], values[i]);
        }
        images.forEach(b::image);
        alternates.forEach(b::alternate);
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
                && images.equals(p.images)
                && alternates.equals(p.alternates);
    }

    @Override
    public int hashCode() {
        return Objects.hash(asMap(), lastmod, images, alternates);
    }

    @Override
    public String toString() {
        return asMap()
                + (lastmod == null ? "" : " lastmod " + lastmod)
                + (images.isEmpty() ? "" : " images " + images)
                + (alternates.isEmpty() ? "" : " alternates " + alternates);
    }

    /** Collects values; {@link #put} with a name already given replaces its value. */
    public static final class Builder {
        private String[] names = new String[2];
        private String[] values = new String[2];
        private int size;
        private Lastmod lastmod;
        private final List<String> images = new ArrayList<>(0);
        private final Map<String, String> alternates = new LinkedHashMap<>(0);

        private Builder() {}

        /** Sets {@code {name}} to {@code String.valueOf(value)}, or to null for a null value. */
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

        public Builder lastmod(Lastmod value) {
            lastmod = value;
            return this;
        }

        public Builder lastmod(Instant value) {
            return lastmod(value == null ? null : Lastmod.of(value));
        }

        public Builder lastmod(OffsetDateTime value) {
            return lastmod(value == null ? null : Lastmod.of(value));
        }

        public Builder lastmod(LocalDate value) {
            return lastmod(value == null ? null : Lastmod.of(value));
        }

        /** @param urlOrPath an absolute URL, or a path starting with {@code /} under the JAX-RS application */
        public Builder image(String urlOrPath) {
            images.add(Objects.requireNonNull(urlOrPath, "image"));
            return this;
        }

        /** @param urlOrPath an absolute URL, or a path starting with {@code /} under the JAX-RS application */
        public Builder alternate(String hreflang, String urlOrPath) {
            Objects.requireNonNull(hreflang, "hreflang");
            Objects.requireNonNull(urlOrPath, "alternate");
            if (alternates.putIfAbsent(hreflang, urlOrPath) != null) {
                throw new IllegalArgumentException("hreflang \"" + hreflang + "\" is given twice");
            }
            return this;
        }

        public PathParams build() {
            return new PathParams(
                    Arrays.copyOf(names, size),
                    Arrays.copyOf(values, size),
                    lastmod,
                    List.copyOf(images),
                    Collections.unmodifiableMap(new LinkedHashMap<>(alternates)));
        }
    }
}
