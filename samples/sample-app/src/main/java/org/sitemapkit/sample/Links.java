package org.sitemapkit.sample;

import jakarta.ws.rs.core.UriInfo;
import java.net.URI;

/**
 * The shop's URLs in one place. The static methods give paths under the JAX-RS application, starting with
 * {@code /}, as the sitemap providers hand them to SitemapKit (which resolves them under the application);
 * an instance turns them into links for one request's pages, under the application's real base path, so the
 * pages work in any context path. Slugs are URL-safe ({@code [a-z0-9-]}) by construction of the data, so
 * they are used as they are.
 */
final class Links {

    private final URI base;

    private Links(URI base) {
        this.base = base;
    }

    /** The links of the request {@code uriInfo} belongs to. */
    static Links of(UriInfo uriInfo) {
        return new Links(uriInfo.getBaseUri());
    }

    static String categoryPath(String slug) {
        return "/categories/" + slug;
    }

    static String productPath(long id, String slug) {
        return "/products/" + id + "/" + slug;
    }

    static String productImagePath(long id) {
        return "/images/products/" + id + ".svg";
    }

    /** English articles live at {@code /en/articles/{slug}}, German ones at {@code /de/artikel/{slug}}. */
    static String articlePath(String lang, String slug) {
        switch (lang) {
            case "en":
                return "/en/articles/" + slug;
            case "de":
                return "/de/artikel/" + slug;
            default:
                throw new IllegalArgumentException("no articles in language " + lang);
        }
    }

    /** A path under the application as a link for this request: {@code /about} becomes {@code /shop/about}. */
    String href(String path) {
        return base.getRawPath() + path.substring(1);
    }

    /** The absolute URL of a path under the application, for canonical and hreflang links. */
    String absolute(String path) {
        return base.resolve(path.substring(1)).toString();
    }
}
