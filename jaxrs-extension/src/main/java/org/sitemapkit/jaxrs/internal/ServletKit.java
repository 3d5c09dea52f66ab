package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletContext;
import org.sitemapkit.SitemapKit;

/**
 * The servlet filter's handle for {@link KitProducer}: kept apart so that a CDI container without the servlet API
 * (Helidon MP, Quarkus) never resolves a servlet type through the producer.
 */
final class ServletKit {
    private ServletKit() {}

    static SitemapKit of(Object context) {
        return SitemapKit.of((ServletContext) context);
    }
}
