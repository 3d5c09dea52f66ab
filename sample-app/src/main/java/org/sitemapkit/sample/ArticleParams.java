package org.sitemapkit.sample;

import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.stream.Stream;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.jaxrs.PathParamsProvider;

/**
 * Fills {@code /en/articles/{slug}} ({@link English}) and {@code /de/artikel/{slug}} ({@link German}): one row
 * per article of the language, with every translation as an hreflang alternate, the page itself included
 * (SitemapKit skips a URL whose alternates leave it out, as hreflang sets must be reciprocal), and the English
 * version as {@code x-default}.
 */
public abstract class ArticleParams implements PathParamsProvider {

    private final String lang;

    ArticleParams(String lang) {
        this.lang = lang;
    }

    @Override
    public Stream<PathParams> params(PathParamsContext ctx) throws SQLException {
        return JdbcRows.stream(
                ShopDatabase.dataSource(ctx.servletContext()),
                "SELECT a.slug, a.updated, en.slug, de.slug FROM article a"
                        + " LEFT JOIN article en ON en.topic = a.topic AND en.lang = 'en'"
                        + " LEFT JOIN article de ON de.topic = a.topic AND de.lang = 'de'"
                        + " WHERE a.lang = ? ORDER BY a.topic",
                rs -> {
                    PathParams.Builder row = PathParams.builder()
                            .put("slug", rs.getString(1))
                            .lastmod(rs.getObject(2, OffsetDateTime.class));
                    String en = rs.getString(3);
                    String de = rs.getString(4);
                    if (en != null && de != null) { // a lone article has no alternates at all
                        row.alternate("en", Links.articlePath("en", en))
                                .alternate("de", Links.articlePath("de", de))
                                .alternate("x-default", Links.articlePath("en", en));
                    }
                    return row.build();
                },
                lang);
    }

    /** The English articles. */
    public static final class English extends ArticleParams {
        /** Made once per JAX-RS application. */
        public English() {
            super("en");
        }
    }

    /** The German articles. */
    public static final class German extends ArticleParams {
        /** Made once per JAX-RS application. */
        public German() {
            super("de");
        }
    }
}
