package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.FeatureContext;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.engine.Engine;
import org.sitemapkit.internal.engine.Host;
import org.sitemapkit.internal.engine.KitAccess;
import org.sitemapkit.internal.entry.EntryRegistry;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.internal.http.Documents;
import org.sitemapkit.internal.status.Health;

/**
 * SitemapKit in a JAX-RS application that no servlet filter serves (Quarkus REST, Helidon MP):
 * collects its {@code @SitemapEntry} methods, reads its settings (MicroProfile Config first),
 * starts the engine and registers {@link RestFilter} to serve it. One engine per start of an
 * application, stopped with it (Jersey's shutdown or reload, CDI's end of the application scope),
 * at the latest with the JVM.
 */
final class RestServing {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");
    /** Before the application's own filters, as the servlet filter is first in its chain. */
    static final int PRIORITY = Priorities.AUTHENTICATION - 500;

    /** The engines running, by class loader and application. */
    private static final Map<String, RestServing> RUNNING = new ConcurrentHashMap<>();

    private static final AtomicLong STARTS = new AtomicLong();

    private final String id;
    private final ClassLoader loader;
    private final SitemapKit kit;
    private final Documents documents;
    private final Thread shutdown;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private RestServing(String id, ClassLoader loader, SitemapKit kit, Documents documents) {
        this.id = id;
        this.loader = loader;
        this.kit = kit;
        this.documents = documents;
        this.shutdown = new Thread(documents.engine()::close, "sitemapkit-shutdown");
    }

    /**
     * Starts serving this JAX-RS application and registers its filter.
     *
     * @param why why the servlet filter does not serve it, for the start-up line
     * @param rootPath where the application answers from the host's root ({@code ""}, {@code /api}),
     *     when the caller knows; else found from {@code @ApplicationPath} or the runtime's settings
     * @param staticRobots the application's static robots.txt where the caller can read it (a servlet
     *     container's web application), or null: then {@code META-INF/resources/robots.txt}
     * @param servletArrival in a servlet container, the filter that tells the engine where requests
     *     arrive ({@link ServletArrival}); else null
     * @return true: it serves (a bad setting throws, naming the key, and the start fails)
     */
    static boolean configure(
            FeatureContext context,
            Application application,
            String why,
            String rootPath,
            Supplier<byte[]> staticRobots,
            Function<Engine, ContainerRequestFilter> servletArrival) {
        ClassLoader loader = loader();
        Configuration config = context.getConfiguration();
        Application app = BasePath.unwrap(application);
        // named in the start-up line: the Application's class, or where it serves when the runtime hides it
        String key = "application:"
                + (app == null
                        ? "the JAX-RS application"
                                + (rootPath == null ? "" : " at " + (rootPath.isEmpty() ? "/" : rootPath))
                        : app.getClass().getName());
        // every start its own engine: two applications of one class loader (two Jersey servers, Helidon's
        // several Applications) may have the same class; each stops with its own application
        String id = key + "#" + STARTS.incrementAndGet();
        KitAccess<SitemapKit> access = KitAccess.get(SitemapKit.class);
        SitemapKit kit = access.create(loader);
        ProviderFactory providers = new ProviderFactory(name -> null);
        providers.runtimeStarted(context);
        Set<Class<?>> resources = EntryCollector.resourceClasses(config, application);
        EntryCollector.Result found =
                EntryCollector.collect(IndexReader.read(loader, ServletFeature::warn), resources, ServletFeature::warn);
        found.logReflected(LOG, Level.WARNING);
        List<ResolvedEntry> entries = EntryCollector.resolve(
                found.entries, new ResolvedEntry.App(key, "", providers, name -> null), loader, ServletFeature::warn);
        new EntryRegistry(kit::register, kit::invalidate).publish(key, entries);
        if (entries.isEmpty()) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: no @SitemapEntry method found in {0}: {1}",
                    key,
                    BuiltIndex.get(loader) != null
                            ? "the build found none in the application's index"
                            : resources.isEmpty()
                                    ? "this JAX-RS runtime does not list its resource classes, and no index of the"
                                            + " sitemapkit-jaxrs-processor annotation processor was found; compile"
                                            + " with it"
                                    : "none of its " + resources.size() + " resource classes has one");
        }
        String contextPath =
                rootPath != null ? rootPath : applicationPath(app).orElseGet(() -> RestSettings.runtimeRoot(loader));
        boolean quarkus = RestFeature.quarkus(loader);
        // where requests arrive, which page checks are sent to: Quarkus REST and a servlet container tell
        VertxArrival vertx = quarkus ? VertxArrival.of(loader) : null;
        RestHost host =
                new RestHost(config, loader, contextPath, why, staticRobots, vertx != null || servletArrival != null);
        Documents documents = Documents.start(access.state(kit), host);
        RestServing serving = new RestServing(id, loader, kit, documents);
        if (!serving.followJersey(context)) {
            serving.started(); // no Jersey to say the application started: it has, as far as anyone tells
        }
        context.register(new RestFilter(documents, config, quarkus, vertx), PRIORITY);
        if (servletArrival != null) {
            // before RestFilter: a request it answers (aborts) goes past no later filter
            context.register(servletArrival.apply(documents.engine()), PRIORITY - 1);
        }
        if (quarkus) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: Quarkus hands a request no resource matches to Vert.x, past every JAX-RS filter,"
                            + " so SitemapKit answers /robots.txt itself, from sitemapkit.robots: a JAX-RS resource"
                            + " of the application at robots.txt is not used (sitemapkit.robots-txt=application"
                            + " leaves robots.txt to it)");
            if (host.staticRobots() != null) {
                LOG.log(
                        Level.WARNING,
                        "sitemapkit: Quarkus serves the static META-INF/resources/robots.txt itself, before any"
                                + " JAX-RS filter, so it goes out without the Sitemap line; move its rules to a file"
                                + " on the class path named by sitemapkit.robots and delete it, and SitemapKit"
                                + " serves robots.txt with them");
            }
        }
        host.checkBaseUrl(documents.engine().settings());
        LOG.log(
                Level.INFO,
                "sitemapkit: {0} @SitemapEntry method(s) of {1} served by the JAX-RS filter",
                entries.size(),
                key);
        return true;
    }

    /** The application started: this engine is its, found by {@link #kit} and stopped with the JVM at the latest. */
    private void started() {
        RUNNING.put(id, this);
        Runtime.getRuntime().addShutdownHook(shutdown);
    }

    /**
     * Follows the application's life on Jersey (Helidon MP, Jersey's own servers, a servlet
     * container): the engine counts as the application's once Jersey started it, and stops when
     * Jersey shuts it down; an application Jersey refuses after this Feature leaves no engine
     * behind. A {@code ContainerLifecycleListener}, made as a proxy so this jar needs no Jersey type.
     *
     * @return false when the runtime is not Jersey
     */
    private boolean followJersey(FeatureContext context) {
        Class<?> listener;
        try {
            listener = Class.forName(
                    "org.glassfish.jersey.server.spi.ContainerLifecycleListener",
                    false,
                    context.getClass().getClassLoader());
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            return false; // not Jersey: CDI's end of the application scope or the JVM's end stops it
        }
        Object proxy =
                Proxy.newProxyInstance(listener.getClassLoader(), new Class<?>[] {listener}, (self, method, args) -> {
                    return lifecycle(self, method, args);
                });
        context.register(proxy);
        return true;
    }

    private Object lifecycle(Object self, Method method, Object[] args) {
        switch (method.getName()) {
            case "onStartup":
                started();
                return null;
            case "onShutdown":
                stop();
                return null;
            case "equals":
                return self == args[0];
            case "hashCode":
                return System.identityHashCode(self);
            case "toString":
                return "sitemapkit-lifecycle " + id;
            default:
                return null;
        }
    }

    private void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        RUNNING.remove(id, this);
        try {
            Runtime.getRuntime().removeShutdownHook(shutdown);
        } catch (IllegalStateException e) {
            return; // shutting down: the hook closes it
        } catch (IllegalArgumentException e) {
            // never added: Jersey refused the application before it started
        }
        documents.engine().close();
    }

    /** Stops every engine of {@code loader}'s applications: its CDI container is ending. */
    static void stopAll(ClassLoader loader) {
        in(loader).forEach(RestServing::stop);
    }

    /** The engines running for {@code loader}'s applications, as they are now. */
    private static List<RestServing> in(ClassLoader loader) {
        List<RestServing> found = new ArrayList<>();
        for (RestServing s : RUNNING.values()) {
            if (s.loader == loader) {
                found.add(s);
            }
        }
        return found;
    }

    /**
     * The handle of the application that runs in {@code loader}, or null when none is served here.
     *
     * @throws IllegalStateException when several are, and which one is meant is unknown
     */
    static SitemapKit kit(ClassLoader loader) {
        List<RestServing> running = in(loader);
        if (running.size() > 1) {
            throw new IllegalStateException("sitemapkit: " + running.size() + " JAX-RS applications are served in"
                    + " this class loader, so an injected SitemapKit could be any of them");
        }
        return running.isEmpty() ? null : running.get(0).kit;
    }

    /**
     * The health check of the JAX-RS filter's engine in {@code loader} (the first, should there be several), for
     * a CDI container without servlets (Helidon MP); up with {@code serving=false} when none runs there.
     */
    static Health health(ClassLoader loader) {
        List<RestServing> running = in(loader);
        if (running.isEmpty()) {
            return Health.of(null, Health.DownWhen.NEVER);
        }
        Documents documents = running.get(0).documents;
        return Health.of(
                documents.engine().status(), documents.engine().settings().healthDown());
    }

    /** The application's {@code @ApplicationPath}, as a base path, if it has one. */
    private static Optional<String> applicationPath(Application app) {
        ApplicationPath path = app == null ? null : app.getClass().getAnnotation(ApplicationPath.class);
        return path == null ? Optional.empty() : Optional.of(BasePath.normalize(path.value()));
    }

    static ClassLoader loader() {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        return l != null ? l : RestServing.class.getClassLoader();
    }

    /** The application as the engine needs it at start: settings, files on the class path. */
    private static final class RestHost implements Host {
        private final Configuration config;
        private final ClassLoader loader;
        private final String contextPath;
        private final String why;
        private final Supplier<byte[]> staticRobots;
        private final boolean learnsOrigin;

        RestHost(
                Configuration config,
                ClassLoader loader,
                String contextPath,
                String why,
                Supplier<byte[]> staticRobots,
                boolean learnsOrigin) {
            this.config = config;
            this.loader = loader;
            this.contextPath = contextPath;
            this.why = why;
            this.staticRobots = staticRobots;
            this.learnsOrigin = learnsOrigin;
        }

        /**
         * On Quarkus REST (its Vert.x request) and in a servlet container (its servlet request) the
         * filter tells the engine where requests arrive; elsewhere (Helidon, Jersey's own servers)
         * nothing says, and page checks need {@code verify-origin}.
         */
        @Override
        public boolean learnsOrigin() {
            return learnsOrigin;
        }

        @Override
        public Settings settings() {
            return RestSettings.reader(config, loader).read();
        }

        /**
         * Here {@code base-url} is where the JAX-RS application answers, where the documents are
         * served and what every URL is under: one that does not end with the application's path is
         * either a proxy's rewrite or a mistake that lists URLs which do not answer, so say so.
         */
        void checkBaseUrl(Settings settings) {
            if (settings.baseUrl().isEmpty() || contextPath.isEmpty()) {
                return;
            }
            String base = settings.baseUrl().get().base();
            String path = URI.create(base).getRawPath();
            String trimmed = path == null ? "" : path.replaceAll("/+$", "");
            if (!trimmed.endsWith(contextPath)) {
                LOG.log(
                        Level.WARNING,
                        "sitemapkit: base-url {0} does not end with {1}, where this JAX-RS application answers and"
                                + " serves /sitemap.xml: the sitemap lists every page under base-url, so unless a"
                                + " proxy maps {0} to {1}, set sitemapkit.base-url to the application''s own URL,"
                                + " such as https://shop.example.com{1}/",
                        base,
                        contextPath);
            }
        }

        @Override
        public String contextPath() {
            return contextPath;
        }

        @Override
        public byte[] resource(String path) throws IOException {
            String name = path.startsWith("/") ? path.substring(1) : path;
            try (InputStream in = loader.getResourceAsStream(name)) {
                return in == null ? null : in.readAllBytes();
            }
        }

        @Override
        public String resources() {
            return "class path";
        }

        /**
         * The static robots.txt: the web application's, in a servlet container; else where Quarkus,
         * and servlet 3 jars, keep static files: {@code META-INF/resources/robots.txt} on the class
         * path. Served, amended, when nothing in JAX-RS answers robots.txt.
         */
        @Override
        public byte[] staticRobots() {
            if (staticRobots != null) {
                return staticRobots.get();
            }
            try {
                return resource("META-INF/resources/robots.txt");
            } catch (IOException e) {
                return null;
            }
        }

        @Override
        public Path tempDir() {
            return Path.of(System.getProperty("java.io.tmpdir"), "sitemapkit" + contextPath.replace('/', '-'));
        }

        @Override
        public ClassLoader classLoader() {
            return loader;
        }

        @Override
        public String adapter() {
            return "the JAX-RS filter (" + why + ")";
        }
    }
}
