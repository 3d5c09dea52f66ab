package org.sitemapkit.jaxrs;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
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

  private PathParams(String[] names, String[] values, Lastmod lastmod) {
    this.names = names;
    this.values = values;
    this.lastmod = lastmod;
  }

  public static PathParams of(String name, Object value) {
    return builder().put(name, value).build();
  }

  public static PathParams of(String name1, Object value1, String name2, Object value2) {
    return builder().put(name1, value1).put(name2, value2).build();
  }

  public static PathParams of(String name1, Object value1, String name2, Object value2,
      String name3, Object value3) {
    return builder().put(name1, value1).put(name2, value2).put(name3, value3).build();
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

  /** This row with a lastmod; null clears it (an unknown lastmod is omitted, never invented). */
  public PathParams withLastmod(Lastmod value) {
    return new PathParams(names, values, value);
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
    return b.lastmod(lastmod);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof PathParams)) {
      return false;
    }
    PathParams p = (PathParams) o;
    return asMap().equals(p.asMap()) && Objects.equals(lastmod, p.lastmod);
  }

  @Override
  public int hashCode() {
    return Objects.hash(asMap(), lastmod);
  }

  @Override
  public String toString() {
    return asMap() + (lastmod == null ? "" : " lastmod " + lastmod);
  }

  /** Collects values; {@link #put} with a name already given replaces its value. */
  public static final class Builder {
    private String[] names = new String[2];
    private String[] values = new String[2];
    private int size;
    private Lastmod lastmod;

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

    public PathParams build() {
      return new PathParams(Arrays.copyOf(names, size), Arrays.copyOf(values, size), lastmod);
    }
  }
}
