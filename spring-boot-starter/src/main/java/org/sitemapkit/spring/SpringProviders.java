package org.sitemapkit.spring;

import java.util.concurrent.ConcurrentHashMap;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.source.PathParamsProvider;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * Params providers the Spring way: the application's bean of that class when it has one, else a
 * new instance made by the bean factory, so that constructor injection works without
 * {@code @Component}. One instance per class, made at start-up so that a provider that cannot be
 * made fails the start, naming it.
 */
final class SpringProviders implements ResolvedEntry.Providers {
    private final ConfigurableListableBeanFactory beans;
    private final ConcurrentHashMap<Class<?>, PathParamsProvider> made = new ConcurrentHashMap<>();

    SpringProviders(ConfigurableListableBeanFactory beans) {
        this.beans = beans;
    }

    @Override
    public PathParamsProvider get(Class<? extends PathParamsProvider> type) {
        return made.computeIfAbsent(type, this::make);
    }

    private PathParamsProvider make(Class<?> type) {
        Class<? extends PathParamsProvider> t = type.asSubclass(PathParamsProvider.class);
        try {
            PathParamsProvider bean = beans.getBeanProvider(t).getIfAvailable(); // two beans: fails, naming them
            if (bean != null) {
                return bean;
            }
            return beans.createBean(t);
        } catch (BeansException e) {
            throw new SitemapKitStartupException(
                    "SitemapKit cannot make the params provider " + type.getName() + ": " + e.getMostSpecificCause(),
                    "Give " + type.getSimpleName() + " one public constructor whose parameters are beans, or"
                            + " make it a bean (@Component) itself.",
                    e);
        }
    }
}
