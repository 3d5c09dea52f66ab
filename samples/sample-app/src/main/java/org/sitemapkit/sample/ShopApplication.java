package org.sitemapkit.sample;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;

/**
 * The shop's JAX-RS application. In the WAR, Jersey's own ServletContainerInitializer deploys it at
 * {@code /*} from {@code @ApplicationPath("/")}; {@link SampleApp} maps Jersey's servlet to {@code /*} itself.
 * Nothing here mentions SitemapKit: Jersey finds {@code SitemapEntryFeature} through
 * {@code META-INF/services}, and the feature reads the {@code @SitemapEntry} index the processor wrote.
 */
@ApplicationPath("/")
public class ShopApplication extends Application {

    /** Made by Jersey. */
    public ShopApplication() {
        // nothing to configure
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(
                PageResource.class,
                CategoryResource.class,
                ProductResource.class,
                ArticleResource.class,
                ImageResource.class,
                AdminResource.class,
                NotFoundPage.class);
    }

    @Override
    public Map<String, Object> getProperties() {
        // No WADL: it needs JAXB, which this application does not ship (and Jersey warns without it).
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
