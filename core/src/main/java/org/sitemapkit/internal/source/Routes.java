package org.sitemapkit.internal.source;

import java.util.List;
import java.util.function.Predicate;

/**
 * A source made of routes (the {@code @SitemapEntry} methods of a section): what explaining a URL
 * that no row produced names, the route it would have come from.
 */
public interface Routes {
    /**
     * One route.
     *
     * @param path the path template under the context root, {@code /products/{id}}
     * @param origin where it is declared and what fills it: {@code ProductResource#product, rows of ProductIds}
     * @param matches whether a path under the context root (percent-encoded) is one this route makes
     */
    record Route(String path, String origin, Predicate<String> matches) {}

    /** The routes, as the source reads them now. */
    List<Route> routes();
}
