package org.sitemapkit.spring;

import jakarta.servlet.ServletContext;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.util.ClassUtils;

/**
 * Registers {@link Boot3Health}'s contributor as the bean {@code sitemapkitHealthIndicator}, typed
 * as Boot 3.5's {@code HealthIndicator} so that Boot's health registry finds it before it is made.
 */
final class Boot3HealthRegistrar implements BeanDefinitionRegistryPostProcessor, BeanFactoryAware {
    private BeanFactory beans;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        beans = beanFactory;
    }

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) throws BeansException {
        ClassLoader loader = ClassUtils.getDefaultClassLoader();
        RootBeanDefinition definition = new RootBeanDefinition();
        try {
            definition.setTargetType(Class.forName(Boot3Health.INDICATOR, false, loader));
        } catch (ClassNotFoundException e) {
            return; // not Boot 3.5's actuator
        }
        definition.setInstanceSupplier(() -> {
            try {
                return Boot3Health.indicator(loader, beans.getBean(ServletContext.class));
            } catch (ClassNotFoundException e) {
                throw new BeanCreationException("sitemapkitHealthIndicator", e.toString(), e);
            }
        });
        registry.registerBeanDefinition("sitemapkitHealthIndicator", definition);
    }
}
