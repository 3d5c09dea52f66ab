package org.sitemapkit.itwar;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/** The application's data as a CDI bean: what a provider gets injected instead of a DataSource. */
@ApplicationScoped
public class ItemCatalog {

    /** Rows 1..SIZE. */
    public static final int SIZE = 1000;

    private static final OffsetDateTime FIRST = OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    private final List<Item> rows = IntStream.rangeClosed(1, SIZE)
            .mapToObj(id -> new Item(id, "item-" + id, FIRST.plusMinutes(id)))
            .toList();

    /** Every row, in id order; a distinct lastmod per row. */
    public Stream<Item> rows() {
        return rows.stream();
    }

    /** One catalogue row. */
    public record Item(long id, String slug, OffsetDateTime lastmod) {}
}
