package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.FeatureContext;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.entry.EntryRegistry;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.internal.http.Documents;
import org.sitemapkit.internal.http.Host;
import org.sitemapkit.internal.http.KitAccess;

/**
 * SitemapKit in a JAX-RS application that no servlet filter serves (Quarkus REST, Helidon MP):
 * collects its {@code @SitemapEntry} methods, reads its settings (MicroProfile Config first),
 * starts the engine and registers {@link RestFilter} to serve it. One per class loader: a
 * runtime that starts the application again stops the engine of the last start.
 */
final class RestServing {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");
    /** Before the application's own filters, as the servlet filter is first in its chain. */
    static final int PRIORITY = Priorities.AUTHENTICATION - 500;

    private static final Map<ClassLoader, RestServing> RUNNING = new ConcurrentHashMap<>();

    private final SitemapKit kit;
    private final Documents documents;
    private final Thread shutdown;

    private RestServing(SitemapKit kit, Documents documents) {
        this.kit = kit;
        this.documents = documents;
        this.shutdown = new Thread(documents::close, "sitemapkit-shutdown");
    }

    /**
     * Starts serving this JAX-RS application and registers its filter.
     *
     * @param why why the servlet filter does not serve it, for the start-up line
     * @param rootPath where the application answers from the host's root ({@code ""}, {@code /api}),
     *     when the caller knows; else found from {@code @ApplicationPath} or the runtime's settings
     * @return false when it cannot serve (its settings are bad: start-up then fails naming the key)
     */
    static boolean configure(FeatureContext context, Application application, String why, String rootPath) {
        ClassLoader loader = loader();
        Configuration config = context.getConfiguration();
        RestServing before = RUNNING.remove(loader);
        if (before != null) {
            before.stop();
        }
        SitemapKit kit = KitAccess.get().create(loader);
        ProviderFactory providers = new ProviderFactory(name -> null);
        providers.runtimeStarted(context);
        Application app = BasePath.unwrap(application);
        String key = "application:" + (app == null ? "?" : app.getClass().getName());
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
                    resources.isEmpty()
                            ? "this JAX-RS runtime does not list its resource classes, and no index of the"
                                    + " sitemapkit-jaxrs-processor annotation processor was found; compile with it"
                            : "none of its " + resources.size() + " resource classes has one");
        }
        String contextPath = rootPath != null
                ? rootPath
                : app != null && app.getClass().isAnnotationPresent(ApplicationPath.class)
                        ? applicationPath(app)
                        : RestSettings.runtimeRoot(loader);
        Documents documents = Documents.start(kit, new RestHost(config, loader, contextPath, why));
        RestServing serving = new RestServing(kit, documents);
        RUNNING.put(loader, serving);
        Runtime.getRuntime().addShutdownHook(serving.shutdown);
        context.register(new RestFilter(documents), PRIORITY);
        if (!config.isRegistered(RobotsFallback.class)) {
            context.register(RobotsFallback.class);
        }
        if (quarkus(loader) && staticRobots(loader)) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: Quarkus serves the static META-INF/resources/robots.txt itself, before any"
                            + " JAX-RS filter, so it goes out without the Sitemap line and its rules are not checked;"
                            + " move its rules to a file on the class path named by sitemapkit.robots and delete it,"
                            + " and SitemapKit serves robots.txt with them");
        }
        LOG.log(
                Level.INFO,
                "sitemapkit: {0} @SitemapEntry method(s) of {1} served by the JAX-RS filter",
                entries.size(),
                key);
        return true;
    }

    private void stop() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdown);
        } catch (IllegalStateException e) {
            return; // shutting down: the hook closes it
        }
        documents.close();
    }

    /** The handle of the application that runs in {@code loader}, or null when none is served here. */
    static SitemapKit kit(ClassLoader loader) {
        RestServing s = RUNNING.get(loader);
        return s == null ? null : s.kit;
    }

    private static boolean quarkus(ClassLoader loader) {
        try {
            Class.forName("io.quarkus.runtime.Quarkus", false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static boolean staticRobots(ClassLoader loader) {
        return loader.getResource("META-INF/resources/robots.txt") != null;
    }

    private static String applicationPath(Application app) {
        ApplicationPath path = app == null ? null : app.getClass().getAnnotation(ApplicationPath.class);
        return path == null ? "" : BasePath.normalize(path.value());
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

        RestHost(Configuration config, ClassLoader loader, String contextPath, String why) {
            this.config = config;
            this.loader = loader;
            this.contextPath = contextPath;
            this.why = why;
        }

        @Override
        public Settings settings() {
            return RestSettings.reader(config, loader).read();
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
         * The static robots.txt where Quarkus, and servlet 3 jars, keep static files:
         * {@code META-INF/resources/robots.txt} on the class path. What the runtime serves from
         * elsewhere, outside JAX-RS, this filter does not see.
         */
        @Override
        public byte[] staticRobots() {
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
