package org.sitemapkit.spring;

import jakarta.servlet.Filter;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.cache.CacheManager;
import org.sitemapkit.PageStore;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.entry.EntryRegistry;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.servlet.StaticRobots;
import org.sitemapkit.internal.status.Meters;
import org.sitemapkit.source.UrlSource;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.cloud.CloudPlatform;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;
import org.springframework.util.ClassUtils;

/**
 * Puts the application into SitemapKit once every bean exists, then starts the filter: the
 * settings from the {@code Environment}, the store, the {@code UrlSource} beans, and the
 * {@code @SitemapEntry} methods of Spring MVC and Jersey. Everything is known before the first
 * render, so no sitemap is ever served without a source that was still to come.
 */
final class SitemapKitStarter implements SmartInitializingSingleton, DisposableBean {
    private static final System.Logger LOG = System.getLogger(SitemapKitAutoConfiguration.class.getName());

    /** Boot's default {@code spring.web.resources.static-locations}. */
    private static final String[] STATIC_LOCATIONS = {
        "classpath:/META-INF/resources/", "classpath:/resources/", "classpath:/static/", "classpath:/public/"
    };

    private final ConfigurableListableBeanFactory beans;
    private final Environment environment;
    private final DeferredFilter filter = new DeferredFilter();
    private PageStore madeStore;
    /** Whether the auto-configuration registered the filter, or backed off for the application's own. */
    private volatile boolean serving;

    SitemapKitStarter(ConfigurableListableBeanFactory beans, Environment environment) {
        this.beans = beans;
        this.environment = environment;
    }

    /** The filter for Boot to register: the starter serves through it, once every bean exists. */
    Filter serve() {
        serving = true;
        return filter;
    }

    @Override
    public void afterSingletonsInstantiated() {
        ServletContext context = beans.getBeanProvider(ServletContext.class).getIfAvailable();
        if (context == null) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: no servlet container runs this application context (a mock web"
                            + " environment?), so SitemapKit serves nothing here");
            return;
        }
        boolean serving = this.serving;
        ClassLoader loader = ClassUtils.getDefaultClassLoader();
        SitemapKit kit = SitemapKit.of(context);
        if (serving) {
            SpringSettings.Read read =
                    SpringSettings.underContextPath(SpringSettings.read(environment, loader), context.getContextPath());
            refuseLoopbackBehindNativeForwarding(read.values());
            kit.settings(read.settings());
            PageStore store = store(read.values());
            if (store != null) {
                kit.store(store);
            }
            staticRobots(context);
        } else {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: the application registers SitemapFilter itself, so the filter reads its"
                            + " settings from its init-params, not from sitemapkit.* properties; the UrlSource beans"
                            + " and @SitemapEntry methods are still registered");
        }
        beans.getBeanProvider(UrlSource.class).orderedStream().forEach(kit::register);
        SpringProviders providers = new SpringProviders(beans);
        int mvc = mvc(kit, context, providers);
        int jersey = jersey(context, providers);
        if (serving) {
            try {
                filter.start(context);
                if (ClassUtils.isPresent("io.micrometer.core.instrument.MeterRegistry", loader)) {
                    MetersStart.start(beans, context);
                }
            } catch (ServletException | RuntimeException e) {
                throw new SitemapKitStartupException(
                        "SitemapKit's filter failed to start: " + e.getMessage(),
                        "Correct what the message names; docs/configuration.md lists every sitemapkit.* key.",
                        e);
            }
        }
        LOG.log(
                Level.INFO,
                "sitemapkit: {0} with {1} @SitemapEntry method(s) of Spring MVC and {2} of Jersey",
                serving ? "serving /sitemap.xml and /robots.txt" : "registered",
                mvc,
                jersey);
    }

    /**
     * {@code status-view=loopback} decides on the connection's peer, which the container itself
     * replaces with the claimed client under {@code server.forward-headers-strategy=native} (Tomcat's
     * {@code RemoteIpValve} trusts any private address, and Jetty any peer): refused at start rather
     * than trusting a forged {@code X-Forwarded-For}.
     */
    private void refuseLoopbackBehindNativeForwarding(Map<String, String> settings) {
        if (!"loopback"
                .equalsIgnoreCase(settings.getOrDefault("status-view", "").trim())) {
            return;
        }
        String strategy =
                environment.getProperty("server.forward-headers-strategy", "").trim();
        CloudPlatform platform = strategy.isEmpty() ? CloudPlatform.getActive(environment) : null;
        boolean nativeStrategy = strategy.isEmpty()
                ? platform != null && platform.isUsingForwardHeaders()
                : strategy.equalsIgnoreCase("native");
        if (nativeStrategy) {
            throw new SitemapKitStartupException(
                    "sitemapkit.status-view=loopback cannot tell a request from this node under"
                            + " server.forward-headers-strategy=native"
                            + (strategy.isEmpty() ? " (Boot's default on " + platform + ")" : "")
                            + ": the server replaces the connection's address with the one a client claims in"
                            + " X-Forwarded-For, before SitemapKit sees it.",
                    "Set sitemapkit.status-view=token with a sitemapkit.status-token, or set"
                            + " server.forward-headers-strategy=framework, under which SitemapKit still sees the"
                            + " connection's own address.");
        }
    }

    /**
     * Hands core the application's static {@code robots.txt} from Boot's static locations, which are
     * no servlet-context resources, so that the first render keeps its rules; only when Boot serves
     * static files at {@code /**}, as it does unless told otherwise.
     */
    private void staticRobots(ServletContext context) {
        if (!environment.getProperty("spring.web.resources.add-mappings", Boolean.class, true)
                || !"/**".equals(environment.getProperty("spring.mvc.static-path-pattern", "/**"))
                || !SitemapKitServletInitializer.mvcServletPath(environment).isEmpty()) {
            return; // Boot does not serve the static files at /robots.txt
        }
        String[] locations = Binder.get(environment)
                .bind("spring.web.resources.static-locations", String[].class)
                .orElse(STATIC_LOCATIONS);
        ResourceLoader resources = new DefaultResourceLoader(ClassUtils.getDefaultClassLoader());
        for (String location : locations) {
            Resource file =
                    resources.getResource(location.endsWith("/") ? location + "robots.txt" : location + "/robots.txt");
            if (!file.isReadable()) {
                continue;
            }
            try (InputStream in = file.getInputStream()) {
                StaticRobots.set(context, in.readAllBytes());
                return;
            } catch (IOException e) {
                LOG.log(Level.WARNING, "sitemapkit: cannot read the application''s {0}: {1}", file, e.toString());
            }
        }
    }

    /**
     * A {@code PageStore} bean (two fail the start, as does one beside a {@code store} setting it
     * would silently override); else, for {@code store=jcache}, Boot's JCache {@code CacheManager}.
     */
    private PageStore store(Map<String, String> settings) {
        PageStore bean;
        try {
            bean = beans.getBeanProvider(PageStore.class).getIfAvailable();
        } catch (BeansException e) {
            throw new SitemapKitStartupException(
                    "SitemapKit cannot choose its page store: " + e.getMessage(),
                    "Keep one PageStore bean, or mark the one to use @Primary.",
                    e);
        }
        String kind = settings.getOrDefault("store", "").trim();
        if (bean != null) {
            if (!kind.isEmpty()) {
                throw new SitemapKitStartupException(
                        "The application has a PageStore bean and sets sitemapkit.store=" + kind
                                + ", which the bean would silently override.",
                        "Remove sitemapkit.store (and its store-dir or jcache-cache), or the PageStore bean.");
            }
            LOG.log(Level.INFO, "sitemapkit: pages are kept in the application''s PageStore bean, {0}", bean);
            return bean;
        }
        if ("jcache".equalsIgnoreCase(kind)
                && ClassUtils.isPresent("javax.cache.CacheManager", ClassUtils.getDefaultClassLoader())) {
            CacheManager manager = beans.getBeanProvider(CacheManager.class).getIfAvailable();
            if (manager != null) {
                String cache =
                        settings.getOrDefault("jcache-cache", "sitemapkit").trim();
                madeStore = PageStore.jcache(manager, cache);
                LOG.log(
                        Level.INFO,
                        "sitemapkit: pages are kept in the JCache cache {0} of the application''s CacheManager ({1})",
                        cache,
                        manager.getURI());
                return madeStore;
            }
            LOG.log(
                    Level.INFO,
                    "sitemapkit: store=jcache, and the application has no javax.cache.CacheManager bean (Boot makes one"
                            + " with @EnableCaching and spring.cache.type=jcache), so the default JCache provider''s"
                            + " manager is used");
        }
        return null;
    }

    private int mvc(SitemapKit kit, ServletContext context, SpringProviders providers) {
        if (!ClassUtils.isPresent(
                "org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping",
                ClassUtils.getDefaultClassLoader())) {
            return 0;
        }
        String basePath = SitemapKitServletInitializer.mvcServletPath(environment);
        ResolvedEntry.App app = new ResolvedEntry.App("spring-mvc", basePath, providers, context::getAttribute);
        List<ResolvedEntry> entries = MvcEntries.find(beans, app);
        if (entries.isEmpty()) {
            return 0;
        }
        Set<String> sections = new TreeSet<>();
        for (ResolvedEntry e : entries) {
            sections.add(e.entry.section());
            if (e.provider != null) {
                providers.get(e.provider);
            }
        }
        new EntryRegistry(kit::register, kit::invalidate).publish(app.key(), entries);
        LOG.log(
                Level.INFO,
                "sitemapkit: {0} @SitemapEntry method(s) of Spring MVC at {1}, in section(s) {2}",
                entries.size(),
                basePath.isEmpty() ? "the context root" : basePath,
                sections);
        return entries.size();
    }

    private int jersey(ServletContext context, SpringProviders providers) {
        if (!ClassUtils.isPresent("org.glassfish.jersey.server.ResourceConfig", ClassUtils.getDefaultClassLoader())) {
            return 0;
        }
        List<String> problems = new ArrayList<>();
        int placed = JerseyEntries.place(beans, environment, context, providers, problems::add);
        if (!problems.isEmpty()) {
            throw new SitemapKitStartupException(
                    "@SitemapEntry methods of the Jersey application cannot be listed: " + String.join("; ", problems),
                    "Correct each method named (a @GET resource method with a @Path; a PathParamsProvider named in"
                            + " params for each {variable}), or remove its @SitemapEntry.");
        }
        return placed;
    }

    @Override
    public void destroy() {
        PageStore s = madeStore;
        madeStore = null;
        if (s != null) {
            s.close();
        }
    }

    /** Apart, so that no Micrometer type is loaded where Micrometer is absent. */
    private static final class MetersStart {
        static void start(ConfigurableListableBeanFactory beans, ServletContext context) {
            beans.getBeanProvider(Meters.class).ifAvailable(m -> m.start(ServletStatus.of(context)));
        }
    }
}
