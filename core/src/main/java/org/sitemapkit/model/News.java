package org.sitemapkit.model;

import java.util.Objects;
import java.util.regex.Pattern;

/** The {@code <news:news>} block that Google News requires of an article published recently. */
public final class News {
    private static final Pattern LANGUAGE = Pattern.compile("zh-cn|zh-tw|[a-z]{2,3}");

    private final String publicationName;
    private final String language;
    private final Lastmod publicationDate;
    private final String title;

    private News(String publicationName, String language, Lastmod publicationDate, String title) {
        this.publicationName = publicationName;
        this.language = language;
        this.publicationDate = publicationDate;
        this.title = title;
    }

    /**
     * @param publicationName the publication as it appears on news.google.com
     * @param language ISO 639 code in lower case ({@code en}, {@code de}, {@code zh-cn})
     */
    public static News of(String publicationName, String language, Lastmod publicationDate, String title) {
        Checks.checkText(publicationName, "news publication name", 1024);
        Checks.checkNotNull(language, "news language");
        Checks.checkArgument(
                LANGUAGE.matcher(language).matches(),
                "news language must be an ISO 639 code such as en, de or zh-cn: \"%s\"",
                language);
        Checks.checkNotNull(publicationDate, "news publication date");
        Checks.checkText(title, "news title", 2048);
        return new News(publicationName, language, publicationDate, title);
    }

    public String publicationName() {
        return publicationName;
    }

    public String language() {
        return language;
    }

    public Lastmod publicationDate() {
        return publicationDate;
    }

    public String title() {
        return title;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof News)) {
            return false;
        }
        News n = (News) o;
        return n.publicationName.equals(publicationName)
                && n.language.equals(language)
                && n.publicationDate.equals(publicationDate)
                && n.title.equals(title);
    }

    @Override
    public int hashCode() {
        return Objects.hash(publicationName, language, publicationDate, title);
    }

    @Override
    public String toString() {
        return "News{" + publicationName + ", " + language + ", " + publicationDate + ", " + title + "}";
    }
}
