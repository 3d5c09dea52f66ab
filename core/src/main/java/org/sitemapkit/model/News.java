package org.sitemapkit.model;

import java.util.regex.Pattern;
import org.sitemapkit.internal.check.Checks;

/**
 * The {@code <news:news>} block that Google News requires of an article published recently.
 *
 * @param publicationName the publication as it appears on news.google.com
 * @param language ISO 639 code in lower case ({@code en}, {@code de}, {@code zh-cn})
 * @param publicationDate when the article was published
 * @param title the article's title
 */
public record News(String publicationName, String language, Lastmod publicationDate, String title) {
    private static final Pattern LANGUAGE = Pattern.compile("zh-cn|zh-tw|[a-z]{2,3}");

    /**
     * Refuses blank or oversized text, an unknown language code and a missing date.
     *
     * @param publicationName the publication as it appears on news.google.com
     * @param language ISO 639 code in lower case
     * @param publicationDate when the article was published
     * @param title the article's title
     */
    public News {
        Checks.checkText(publicationName, "news publication name", 1024);
        Checks.checkNotNull(language, "news language");
        Checks.checkArgument(
                LANGUAGE.matcher(language).matches(),
                "news language must be an ISO 639 code such as en, de or zh-cn: \"%s\"",
                language);
        Checks.checkNotNull(publicationDate, "news publication date");
        Checks.checkText(title, "news title", 2048);
    }

    /**
     * The news block of an article.
     *
     * @param publicationName the publication as it appears on news.google.com
     * @param language ISO 639 code in lower case
     * @param publicationDate when the article was published
     * @param title the article's title
     * @return the news block
     */
    public static News of(String publicationName, String language, Lastmod publicationDate, String title) {
        return new News(publicationName, language, publicationDate, title);
    }
}
