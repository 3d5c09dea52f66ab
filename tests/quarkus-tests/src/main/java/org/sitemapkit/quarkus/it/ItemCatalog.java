package org.sitemapkit.quarkus.it;

import jakarta.enterprise.context.ApplicationScoped;
import java.text.Normalizer;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The shop's catalogue as a CDI bean, what a provider gets injected instead of a data source: 1,000 items with
 * names made of a shop's words, their slugs, and last-modified times spread over two years as a real catalogue's
 * are (most items untouched for months, a few edited this week). Generated from a fixed seed, so every start and
 * every test sees the same rows.
 */
@ApplicationScoped
public class ItemCatalog {

    /** Rows 1..SIZE. */
    public static final int SIZE = 1000;

    private static final String[] ADJECTIVES = {
        "Oak",
        "Walnut",
        "Brass",
        "Linen",
        "Wool",
        "Copper",
        "Slate",
        "Cedar",
        "Ceramic",
        "Bamboo",
        "Leather",
        "Stoneware",
        "Cast-Iron",
        "Rattan",
        "Marble",
        "Recycled",
        "Hand-Thrown",
        "Frosted",
        "Café",
        "Nordic"
    };
    private static final String[] NOUNS = {
        "Desk Lamp", "Side Table", "Bookshelf", "Throw Blanket", "Coffee Mug", "Serving Bowl", "Wall Clock",
        "Planter", "Cutting Board", "Floor Cushion", "Pendant Light", "Bath Towel", "Tea Kettle", "Picture Frame",
        "Storage Basket", "Bar Stool", "Table Runner", "Candle Holder", "Mirror", "Doormat"
    };
    private static final String[] EDITIONS = {"", " Mini", " XL", " Set of 2", " 2nd Edition"};

    /** The newest lastmod any row has. */
    static final OffsetDateTime NEWEST = OffsetDateTime.of(2026, 10, 31, 17, 45, 0, 0, ZoneOffset.UTC);

    /** Replaced whole on an edit, so a render reads one consistent list. */
    private volatile List<Item> rows;

    public ItemCatalog() {
        SplittableRandom random = new SplittableRandom(20260101L);
        rows = IntStream.rangeClosed(1, SIZE)
                .mapToObj(id -> {
                    String name = ADJECTIVES[random.nextInt(ADJECTIVES.length)] + " "
                            + NOUNS[random.nextInt(NOUNS.length)]
                            + EDITIONS[random.nextInt(EDITIONS.length)];
                    // Skewed towards old: the square of a uniform number pushes most rows months back.
                    double age = Math.pow(random.nextDouble(), 2);
                    long minutesBack = (long) (age * 730 * 24 * 60);
                    return new Item(id, name, slug(name), NEWEST.minusMinutes(minutesBack));
                })
                .toList();
    }

    /**
     * Renames a row, as a shop's back office does: its slug follows its name, and its lastmod is
     * the time of the edit.
     */
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

    /** Lower case ASCII words joined by hyphens: "Café Wall Clock XL" is "cafe-wall-clock-xl". */
    static String slug(String name) {
        String ascii = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        return ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }

    /** One catalogue row; {@code lastmod} is when it was last edited. */
    public record Item(long id, String name, String slug, OffsetDateTime lastmod) {

        /** The day it was last edited, for the page. */
        public LocalDate day() {
            return lastmod.toLocalDate();
        }
    }
}
