package org.sitemapkit.source;

import java.util.stream.Stream;

/**
 * Streams the values of a templated path, one {@link PathParams} row per URL, so that
 * {@code /products/{id}/{slug}} becomes one URL per product. Never a list: a JDBC cursor
 * behind the stream is enough for millions of rows, because the renderer pulls one row at a time
 * and closes the stream (release the cursor and connection in {@link Stream#onClose}).
 *
 * <p>One instance per application, made lazily at the first render: by the JAX-RS runtime's
 * injection where there is one (Jersey: {@code @Inject} and {@code @Context} work, request-scoped
 * objects do not; Spring: a bean, with constructor injection), else through a public no-arg
 * constructor, which reaches the application through {@link PathParamsContext#attribute}. Renders of different sites may call it concurrently.
 */
@FunctionalInterface
public interface PathParamsProvider {
    /**
     * Opens a fresh stream of rows for one render; the caller closes it.
     *
     * @param context the application, site and entry being rendered
     * @return one row per URL, read one at a time
     * @throws Exception any failure, which fails the section's render and keeps its last good pages
     *     served
     */
    Stream<PathParams> params(PathParamsContext context) throws Exception;
}
