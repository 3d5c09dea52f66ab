package org.sitemapkit.sample;

import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.stream.Stream;
import org.sitemapkit.source.Jdbc;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Fills {@code /en/articles/{slug}} ({@link English}) and {@code /de/artikel/{slug}} ({@link German}), each
 * article with every translation as an hreflang alternate (itself included) and English as {@code x-default}.
 */
public abstract class ArticleParams implements PathParamsProvider {
    private final String lang;

    ArticleParams(String lang) {
        this.lang = lang;
    }

    @Override
    public Stream<PathParams> params(PathParamsContext ctx) throws SQLException {
        String sql = "SELECT a.slug, a.updated, en.slug, de.slug FROM article a"
                + " LEFT JOIN article en ON en.topic = a.topic AND en.lang = 'en'"
                + " LEFT JOIN article de ON de.topic = a.topic AND de.lang = 'de' WHERE a.lang = ? ORDER BY a.topic";
        return Jdbc.stream(
                ShopDatabase.dataSource(ctx),
                sql,
                rs -> {
                    PathParams.Builder row = PathParams.builder()
                            .put("slug", rs.getString(1))
                            .lastmod(rs.getObject(2, OffsetDateTime.class));
                    if (rs.getString(3) != null && rs.getString(4) != null) { // a lone article has no alternates at all
                        row.alternate("en", Links.articlePath("en", rs.getString(3)))
                                .alternate("de", Links.articlePath("de", rs.getString(4)))
                                .alternate("x-default", Links.articlePath("en", rs.getString(3)));
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
