package org.sitemapkit.spring;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.ServletContext;
import java.lang.System.Logger.Level;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnNotWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * SitemapKit in a Spring Boot servlet application, with no wiring: the filter, registered just
 * after Spring Security's chain ({@link FilterPlacement}); settings from {@code sitemapkit.*} in the {@code Environment};
 * {@code UrlSource} and {@code PageStore} beans; {@code @SitemapEntry} on Spring MVC controllers and
 * Jersey resources. It backs off when the application registers {@code SitemapFilter} itself.
 */
@AutoConfiguration
public final class SitemapKitAutoConfiguration {
    private static final System.Logger LOG = System.getLogger(SitemapKitAutoConfiguration.class.getName());

    static final String FILTER_NAME = "sitemapkit";

    /** The registration's bean name. */
    static final String REGISTRATION_BEAN = "sitemapKitFilter";

    /** Constructed by Spring Boot. */
    public SitemapKitAutoConfiguration() {}

    /** The servlet case: the filter and everything it serves. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    static class Servlet {
        @Bean
        static SitemapKitStarter sitemapKitStarter(ConfigurableListableBeanFactory beans, Environment environment) {
            return new SitemapKitStarter(beans, environment);
        }

        @Bean(REGISTRATION_BEAN)
        @ConditionalOnMissingBean(value = SitemapFilter.class, parameterizedContainer = FilterRegistrationBean.class)
        static FilterRegistrationBean<Filter> sitemapKitFilter(SitemapKitStarter starter, Environment environment) {
            FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(starter.serve());
            registration.setName(FILTER_NAME);
            registration.setOrder(FilterPlacement.order(environment));
            registration.addUrlPatterns("/*");
            registration.setDispatcherTypes(DispatcherType.REQUEST);
            registration.setAsyncSupported(true);
            return registration;
        }

        /**
         * This web application's handle, to inject where data changes ({@code kit.invalidate("products")}):
         * the one {@code SitemapKit.of(servletContext)} returns, so the filter serves what it is told.
         */
        @Bean
        @ConditionalOnMissingBean
        static SitemapKit sitemapKit(ServletContext context) {
            return SitemapKit.of(context);
        }

        @Bean
        @ConditionalOnMissingBean(value = SitemapFilter.class, parameterizedContainer = FilterRegistrationBean.class)
        static SitemapKitServletInitializer sitemapKitServletInitializer(Environment environment) {
            return new SitemapKitServletInitializer(environment);
        }
    }

    /** {@code /actuator/sitemapkit}, when the application has Actuator. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.annotation.Endpoint")
    static class Actuator {
        @Bean
        @ConditionalOnMissingBean
        static SitemapKitEndpoint sitemapKitEndpoint(ServletContext context) {
            return new SitemapKitEndpoint(context);
        }
    }

    /** The {@code sitemapkit} health contributor, on Boot 4. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
    static class Health {
        @Bean
        @ConditionalOnMissingBean(name = "sitemapkitHealthIndicator")
        static SitemapKitHealth sitemapkitHealthIndicator(ServletContext context) {
            return new SitemapKitHealth(context);
        }
    }

    /** The {@code sitemapkit} health contributor, on Boot 3.5. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(name = Boot3Health.INDICATOR)
    static class HealthOnBoot3 {
        @Bean
        static Boot3HealthRegistrar sitemapkitBoot3Health() {
            return new Boot3HealthRegistrar();
        }
    }

    /** Micrometer's meters, when the application has Micrometer. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
    static class Meters {
        @Bean
        static org.sitemapkit.internal.status.Meters sitemapKitMeters() {
            return new org.sitemapkit.internal.status.Meters();
        }
    }

    /** A reactive application: nothing to serve with, said once at start-up. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    static class Reactive {
        Reactive() {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: this is a reactive web application (WebFlux), and SitemapKit serves from a"
                            + " servlet filter; nothing is served. Run on a servlet stack (spring-boot-starter-web),"
                            + " or write the files at build time with SitemapKit.write");
        }
    }

    /** No web server: only {@code SitemapKit.write} can be of use, said once at start-up. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnNotWebApplication
    static class NotWeb {
        NotWeb() {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: this application has no web server, so SitemapKit serves nothing;"
                            + " SitemapKit.write still writes sitemap files");
        }
    }
}
