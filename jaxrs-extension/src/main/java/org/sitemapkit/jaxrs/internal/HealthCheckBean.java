package org.sitemapkit.jaxrs.internal;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.InjectionPoint;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Set;

/**
 * The readiness check as a CDI bean: {@code @Readiness HealthCheck}, made anew for each lookup. A {@link Bean} of
 * its own rather than {@code AfterBeanDiscovery.addBean()}'s configurator because the container files such a bean
 * under its bean class's archive: {@link ProviderBeans}', which WildFly lets its health subsystem see, where a
 * configurator's bean stays in the extension's archive, which WildFly's subsystem does not see.
 */
final class HealthCheckBean implements Bean<Object> {
    private final MpHealthCheck check;

    HealthCheckBean(MpHealthCheck check) {
        this.check = check;
    }

    @Override
    public Class<?> getBeanClass() {
        return ProviderBeans.class;
    }

    @Override
    public Set<InjectionPoint> getInjectionPoints() {
        return Set.of();
    }

    @Override
    public Object create(CreationalContext<Object> creation) {
        return check.newCheck();
    }

    @Override
    public void destroy(Object instance, CreationalContext<Object> creation) {
        creation.release();
    }

    @Override
    public Set<Type> getTypes() {
        return Set.of(Object.class, check.type());
    }

    @Override
    public Set<Annotation> getQualifiers() {
        return Set.of(check.readiness(), Any.Literal.INSTANCE);
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
        return "SitemapKit's @Readiness HealthCheck '" + MpHealthCheck.NAME + "'";
    }
}
