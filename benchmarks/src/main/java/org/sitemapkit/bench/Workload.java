package org.sitemapkit.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one workload every contender renders: for each index {@code i}, the same loc, lastmod,
 * changefreq and priority, computed from {@code i} alone (no tables built ahead, no state), so a
 * timed run pays for making every URL and every contender pays the same.
 *
 * <p>Nothing repeats from one URL to the next that an engine could cache:
 *
 * <ul>
 *   <li><b>lastmod</b>: {@link #LASTMOD_BASE} plus a 26-bit bijective mix of {@code i} in seconds
 *       (0 to 2<sup>26</sup>−1 s, about 2.1 years), so every URL below 2<sup>26</sup> (67,108,864)
 *       has a lastmod of its own, in no order. Whole seconds; about 1 in 60 falls on a whole
 *       minute (zero seconds), the case that trips writers which drop the seconds then (the XSD
 *       wants them), and about 1 in 86,400 on midnight.
 *   <li><b>loc</b>: one of four shapes picked by a hash of {@code i}: a product
 *       {@code products/{i}/{slug}} (3 in 8), a product variant
 *       {@code products/{i}/{slug}?color={color}&size={size}} (2 in 8, so {@code &} is escaped),
 *       a category {@code c/{word}/{word}/{i}} (1 in 8) and an article
 *       {@code blog/{yyyy}/{mm}/{slug}-{i}} (2 in 8). A slug is 1 to 4 words from {@link #WORDS}
 *       (2 to 12 letters) joined by {@code -}; every loc holds {@code i}, so no two are equal.
 *   <li><b>changefreq and priority</b>: by shape: product weekly 0.8, variant weekly 0.6, category
 *       daily 0.5, article monthly 0.3.
 * </ul>
 */
final class Workload {
    private Workload() {}

    /** The site every loc belongs to; pages and the index live at its root. */
    static final String BASE = "https://shop.example.com/";
    /** The earliest lastmod; the latest is 2<sup>26</sup>−1 seconds later (2025-07-16T17:21:03Z). */
    static final Instant LASTMOD_BASE = Instant.parse("2023-06-01T00:00:00Z");

    private static final long LASTMOD_BASE_SECOND = LASTMOD_BASE.getEpochSecond();
    private static final int LASTMOD_BITS = 26;
    private static final long LASTMOD_MASK = (1L << LASTMOD_BITS) - 1;

    /** URLs per page: the protocol's limit, and every contender's page size. */
    static final int PAGE_URLS = 50_000;
    /** The file every contender writes its index to (plain XML, not gzip). */
    static final String INDEX_FILE = "sitemap_index.xml";

    /** Words of slugs and categories, 2 to 12 letters. */
    static final String[] WORDS = {
        "oak", "steel", "blue", "mini", "garden", "compact", "stainless", "ergonomic",
        "waterproof", "widget", "lamp", "tv", "kettle", "backpack", "headphones", "professional"
    };

    private static final String[] COLORS = {"blue", "red", "black", "white", "green", "grey", "navy", "beige"};
    private static final String[] SIZES = {"xs", "s", "m", "l", "xl", "xxl", "36", "42"};
    private static final String[] MONTHS = {"01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"};

    /** The changefreqs used, by the index {@link #changefreq} returns. */
    static final String[] CHANGEFREQS = {"daily", "weekly", "monthly"};

    static final int DAILY = 0;
    static final int WEEKLY = 1;
    static final int MONTHLY = 2;

    private static final int PRODUCT = 0;
    private static final int VARIANT = 1;
    private static final int CATEGORY = 2;
    private static final int ARTICLE = 3;
    /** The shape of each value of the hash's low 3 bits. */
    private static final int[] SHAPES = {PRODUCT, PRODUCT, PRODUCT, VARIANT, VARIANT, CATEGORY, ARTICLE, ARTICLE};

    private static final int[] SHAPE_CHANGEFREQ = {WEEKLY, WEEKLY, DAILY, MONTHLY};
    private static final double[] SHAPE_PRIORITY = {0.8, 0.6, 0.5, 0.3};

    /** The loc of URL {@code i}, {@code &} unescaped: what every contender but the floor is given. */
    static String loc(long i) {
        return build(i, BASE, "&");
    }

    /** The loc with its {@code &} written as {@code &amp;}: as a page holds it. */
    static String xmlLoc(long i) {
        return build(i, BASE, "&amp;");
    }

    /** The loc relative to the site's root, for a served site that builds its own absolute URLs. */
    static String path(long i) {
        return build(i, "", "&");
    }

    /** The lastmod of URL {@code i}: distinct for every {@code i} below 2<sup>26</sup>, in whole seconds. */
    static Instant lastmod(long i) {
        return Instant.ofEpochSecond(LASTMOD_BASE_SECOND + lastmodOffset(i));
    }

    /** The index into {@link #CHANGEFREQS} of URL {@code i}'s changefreq. */
    static int changefreq(long i) {
        return SHAPE_CHANGEFREQ[shape(hash(i))];
    }

    static double priority(long i) {
        return SHAPE_PRIORITY[shape(hash(i))];
    }

    /**
     * The workload in words for the report, with the figures counted over the first {@code urls}
     * URLs (a pass over the lastmods and shapes only, outside every timing).
     */
    static String describe(long urls) {
        long[] shapes = new long[4];
        long wholeMinute = 0;
        long midnight = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long i = 0; i < urls; i++) {
            shapes[shape(hash(i))]++;
            long s = lastmodOffset(i);
            min = Math.min(min, s);
            max = Math.max(max, s);
            wholeMinute += s % 60 == 0 ? 1 : 0;
            midnight += (LASTMOD_BASE_SECOND + s) % 86_400 == 0 ? 1 : 0;
        }
        String distinct = urls <= (1L << LASTMOD_BITS) ? "a lastmod of its own (no two URLs share one)" : "a lastmod";
        return String.format(
                Locale.ROOT,
                "%,d URLs of four shapes, picked per URL by a hash of its index `i`: products "
                        + "`products/{i}/{slug}` (%,d), product variants `products/{i}/{slug}?color={color}&size={size}` "
                        + "(%,d; the `&` must be escaped), categories `c/{word}/{word}/{i}` (%,d) and articles "
                        + "`blog/{yyyy}/{mm}/{slug}-{i}` (%,d), under `%s`; a slug is 1 to 4 of %d words (2 to 12 letters) "
                        + "joined by `-`. For example: %s. Each URL has %s: `%s` plus a bijective 26-bit mix of `i` in "
                        + "seconds, so they come in no order, from %s to %s; %,d of them fall on a whole minute (zero seconds, "
                        + "which writers that then drop the seconds get wrong) and %,d on midnight. Changefreq and priority "
                        + "follow the shape: product `weekly` `0.8`, variant `weekly` `0.6`, category `daily` `0.5`, article "
                        + "`monthly` `0.3`. Loc, lastmod, changefreq and priority are computed from `i` by `Workload` for "
                        + "every contender alike (the loc unescaped: each contender, the floor too, escapes it), and each contender "
                        + "turns the lastmod `Instant` into its own type inside the timed run",
                urls,
                shapes[PRODUCT],
                shapes[VARIANT],
                shapes[CATEGORY],
                shapes[ARTICLE],
                BASE,
                WORDS.length,
                examples(urls),
                distinct,
                LASTMOD_BASE,
                Instant.ofEpochSecond(LASTMOD_BASE_SECOND + min),
                Instant.ofEpochSecond(LASTMOD_BASE_SECOND + max),
                wholeMinute,
                midnight);
    }

    /** The first URL of each shape among the first {@code urls}, as `loc` (lastmod). */
    private static String examples(long urls) {
        List<String> shown = new ArrayList<>();
        boolean[] seen = new boolean[4];
        for (long i = 0; i < urls && shown.size() < 4; i++) {
            int shape = shape(hash(i));
            if (!seen[shape]) {
                seen[shape] = true;
                shown.add("`" + loc(i) + "` (" + lastmod(i) + ")");
            }
        }
        return String.join(", ", shown);
    }

    static int pages(long urls) {
        return (int) ((urls + PAGE_URLS - 1) / PAGE_URLS);
    }

    private static String build(long i, String prefix, String amp) {
        long h = hash(i);
        StringBuilder b = new StringBuilder(96).append(prefix);
        switch (shape(h)) {
            case PRODUCT:
                slug(b.append("products/").append(i).append('/'), h);
                break;
            case VARIANT:
                slug(b.append("products/").append(i).append('/'), h)
                        .append("?color=")
                        .append(COLORS[(int) (h >>> 24) & 7])
                        .append(amp)
                        .append("size=")
                        .append(SIZES[(int) (h >>> 27) & 7]);
                break;
            case CATEGORY:
                b.append("c/")
                        .append(WORDS[(int) (h >>> 24) & 15])
                        .append('/')
                        .append(WORDS[(int) (h >>> 28) & 15])
                        .append('/')
                        .append(i);
                break;
            default:
                b.append("blog/")
                        .append(2016 + (int) ((h >>> 32) % 7))
                        .append('/')
                        .append(MONTHS[(int) ((h >>> 40) % 12)])
                        .append('/');
                slug(b, h).append('-').append(i);
                break;
        }
        return b.toString();
    }

    /** 1 to 4 words (bits 3-4 of the hash) picked by bits 5 to 20, joined by '-'. */
    private static StringBuilder slug(StringBuilder b, long h) {
        int words = 1 + (int) ((h >>> 3) & 3);
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                b.append('-');
            }
            b.append(WORDS[(int) (h >>> (5 + 4 * w)) & 15]);
        }
        return b;
    }

    private static int shape(long h) {
        return SHAPES[(int) h & 7];
    }

    /** SplitMix64's finalizer: a cheap, well-spread hash of {@code i} for picking shapes and words. */
    private static long hash(long i) {
        long z = (i + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * A bijection of the low 26 bits of {@code i} (odd multiplications and xor-shifts, each
     * invertible modulo 2<sup>26</sup>), so distinct {@code i} below 2<sup>26</sup> get distinct
     * offsets spread over the whole range.
     */
    static long lastmodOffset(long i) {
        long x = i & LASTMOD_MASK;
        x = (x * 0x2C1B3C6DL) & LASTMOD_MASK;
        x ^= x >>> 13;
        x = (x * 0x297A2D39L) & LASTMOD_MASK;
        x ^= x >>> 11;
        x = (x * 0x1B873593L) & LASTMOD_MASK;
        x ^= x >>> 14;
        return x;
    }
}
