package org.sitemapkit.helidon.it;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The shop's catalogue as a CDI bean, what a provider gets injected instead of a data source: 1,000 items, their
 * slugs, and a last-modified day each within two years. Made the same at every start, so the tests know the rows.
 */
@ApplicationScoped
public class ItemCatalog {

    /** Rows 1..SIZE. */
    public static final int SIZE = 1000;

    private static final OffsetDateTime NEWEST = OffsetDateTime.of(2026, 10, 31, 17, 45, 0, 0, ZoneOffset.UTC);

    /** Replaced whole on an edit, so a render reads one consistent list. */
    private volatile List<Item> rows;

    public ItemCatalog() {
        rows = IntStream.rangeClosed(1, SIZE)
                .mapToObj(id -> new Item(id, "Lamp No. " + id, "lamp-no-" + id, NEWEST.minusDays((id * 37L) % 730)))
                .toList();
    }

    /** Renames a row as a back office does: its slug follows its name, its lastmod is the edit's time. */
    public synchronized Item rename(long id, String name, OffsetDateTime when) {
        Item edited = new Item(id, name, slug(name), when);
        List<Item> copy = new ArrayList<>(rows);
        copy.set((int) id - 1, edited);
        rows = List.copyOf(copy);
        return edited;
    }

    /** Every row, in id order. */
    public Stream<Item> rows() {
        return rows.stream();
    }

    /** The row with this id, if there is one. */
    public Optional<Item> find(long id) {
        return id >= 1 && id <= SIZE ? Optional.of(rows.get((int) id - 1)) : Optional.empty();
    }

    /** Lower case words joined by hyphens: "Helidon Lamp" is "helidon-lamp". */
    static String slug(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }

    /** One catalogue row; {@code lastmod} is when it was last edited. */
    public record Item(long id, String name, String slug, OffsetDateTime lastmod) {

        /** The day it was last edited, for the page. */
        public LocalDate day() {
            return lastmod.toLocalDate();
        }
    }
}
