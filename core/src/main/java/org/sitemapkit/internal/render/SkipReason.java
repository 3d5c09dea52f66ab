package org.sitemapkit.internal.render;

/** Why a URL was left out of a page rather than written half-valid. */
public enum SkipReason {
    /** The loc's scheme differs from the sitemap's (http vs https). */
    OTHER_SCHEME,
    /** The loc is on another host; a sitemap may only list its own host's URLs. */
    OTHER_HOST,
    /** The loc names another port. */
    OTHER_PORT,
    /** The loc is outside the web application's directory (its context path). */
    OUTSIDE_DIRECTORY,
    /** The loc has a {@code .} or {@code ..} segment, which crawlers resolve to another URL. */
    DOT_SEGMENT,
    /** Longer than 2,048 characters once percent-encoded. */
    TOO_LONG,
    /** A control character, which no URL may carry even encoded. */
    CONTROL_CHARACTER,
    /** Not a URL: user information, a bad port, a bad host, an unpaired surrogate. */
    MALFORMED,
    /** An alternate, image or video URL of the entry could not be written. */
    BAD_EXTENSION_URL,
    /** The entry alone is larger than a whole page may be. */
    LARGER_THAN_PAGE,
    /** A row of {@code UrlSource.rows} whose mapping a builder refused (a relative loc, a bad priority). */
    REFUSED_ROW,
    /** The site's own robots.txt disallows the URL to every crawler ({@code User-agent: *}). */
    ROBOTS_DISALLOWED,
    /** The loc's path matches a pattern of the {@code exclude} setting. */
    EXCLUDED,
    /** A news article published more than two days before the render, with {@code news-expired=skip}. */
    NEWS_EXPIRED,
    /**
     * A check of the page against the application's own answer failed ({@code verify-action=exclude}):
     * a redirect, a 404, a {@code noindex}, a canonical naming another page.
     */
    FAILED_VERIFICATION;

    /**
     * Whether the application asked for the skip (its robots.txt, {@code exclude}, {@code
     * news-expired=skip}, {@code verify-action=exclude}, whose check already warned): logged
     * quietly, since a rule followed is no fault to warn about.
     */
    public boolean intended() {
        return this == ROBOTS_DISALLOWED || this == EXCLUDED || this == NEWS_EXPIRED || this == FAILED_VERIFICATION;
    }
}
