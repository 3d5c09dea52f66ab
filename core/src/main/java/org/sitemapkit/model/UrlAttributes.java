package org.sitemapkit.model;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;

/**
 * What a URL carries besides its loc, set the same way wherever a URL is described: on
 * {@link SitemapUrl.Builder}, and on the JAX-RS extension's rows, whose locs are only known later.
 * One interface, so the two cannot drift apart.
 *
 * @param <B> the builder, returned for chaining
 */
public interface UrlAttributes<B extends UrlAttributes<B>> {
    /**
     * Sets when the page last changed; null clears it (an unknown lastmod is omitted, never invented).
     *
     * @param value the lastmod, or null
     * @return this builder
     */
    B lastmod(Lastmod value);

    /**
     * Sets the lastmod from an instant, written in UTC.
     *
     * @param value the instant, or null to clear it
     * @return this builder
     */
    default B lastmod(Instant value) {
        return lastmod(value == null ? null : Lastmod.of(value));
    }

    /**
     * Sets the lastmod from a date and time that keeps its offset.
     *
     * @param value the date and time, or null to clear it
     * @return this builder
     */
    default B lastmod(OffsetDateTime value) {
        return lastmod(value == null ? null : Lastmod.of(value));
    }

    /**
     * Sets the lastmod to a whole day, written date-only.
     *
     * @param value the day, or null to clear it
     * @return this builder
     */
    default B lastmod(LocalDate value) {
        return lastmod(value == null ? null : Lastmod.of(value));
    }

    /**
     * Sets the change frequency, which wins over the section's default; null clears it.
     *
     * @param value the frequency, or null
     * @return this builder
     */
    B changefreq(Changefreq value);

    /**
     * Sets the priority relative to the site's other pages, which wins over the section's default.
     *
     * @param value 0.0 to 1.0
     * @return this builder
     */
    B priority(double value);

    /**
     * Adds an image of the page.
     *
     * @param url the image's URL (absolute; the JAX-RS rows also take a path under the application)
     * @return this builder
     */
    B image(String url);

    /**
     * Adds a language variant; the set must include the page itself.
     *
     * @param hreflang a language tag such as {@code de} or {@code en-GB}, or {@code x-default}
     * @param url the variant's URL (absolute; the JAX-RS rows also take a path under the application)
     * @return this builder
     */
    B alternate(String hreflang, String url);
}
