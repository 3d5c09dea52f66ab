package org.sitemapkit.jaxrs.internal;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Default;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.InjectionPoint;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Set;
import org.sitemapkit.SitemapKit;

/**
 * The {@code SitemapKit} handle as a synthetic bean ({@link KitExtension}), looked up at each injection, as
 * {@link KitProducer}'s method is. A {@link Bean} of its own, as {@link HealthCheckBean} is, so that the container
 * files it under {@link ProviderBeans}' archive, the application's.
 */
final class KitBean implements Bean<SitemapKit> {
    KitBean() {}

    @Override
    public Class<?> getBeanClass() {
        return ProviderBeans.class;
    }

    @Override
    public Set<InjectionPoint> getInjectionPoints() {
        return Set.of();
    }

    @Override
    public SitemapKit create(CreationalContext<SitemapKit> creation) {
        return KitProducer.current();
    }

    @Override
    public void destroy(SitemapKit instance, CreationalContext<SitemapKit> creation) {
        creation.release();
    }

    @Override
    public Set<Type> getTypes() {
        return Set.of(Object.class, SitemapKit.class);
    }

    @Override
    public Set<Annotation> getQualifiers() {
        return Set.of(Default.Literal.INSTANCE, Any.Literal.INSTANCE);
    }

    @Override
    public Class<? extends Annotation> getScope() {
        return Dependent.class;
    }

    @Override
    public String getName() {
        return null;
    }

    @Override
    public Set<Class<? extends Annotation>> getStereotypes() {
        return Set.of();
    }

    @Override
    public boolean isAlternative() {
        return false;
    }

    @Override
    public String toString() {
        return "SitemapKit's @Default SitemapKit handle";
    }
}
