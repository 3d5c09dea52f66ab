package org.sitemapkit;

import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.sitemapkit.internal.engine.KitAccess;
import org.sitemapkit.internal.engine.KitState;
import org.sitemapkit.internal.render.SitemapFiles;
import org.sitemapkit.internal.render.SourceException;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.source.SourcePlan;
import org.sitemapkit.model.Site;
import org.sitemapkit.source.SitemapSection;
import org.sitemapkit.source.UrlSource;

/**
 * The application's handle on SitemapKit: register sources in code and invalidate cached
 * sections after the data behind them changed. One per web application, kept as a context
 * attribute, so a {@code ServletContextListener} can use it before the filter starts.
 */
public final class SitemapKit {
    static final String ATTRIBUTE = SitemapKit.class.getName();

    /**
     * The sources, what was set in code and the running service: handed to the adapter that starts
     * the engine, which never reads this class back.
     */
    private final KitState state;
    /**
     * Guards the one handle per context; private, because a {@code ServletContext}'s monitor is the
     * container's to use.
     */
    private static final Object LOCK = new Object();

    static {
        KitAccess.install(new Access());
    }

    private SitemapKit(UrlSources sources) {
        this.state = new KitState(sources);
    }

    /**
     * The handle of this web application, created with the sources ServiceLoader finds in it.
     *
     * @param context the web application's context, which keeps the handle as an attribute
     * @return the same handle on every call for the same context
     */
    public static SitemapKit of(ServletContext context) {
        Objects.requireNonNull(context, "context");
        synchronized (LOCK) {
            Object existing = context.getAttribute(ATTRIBUTE);
            if (existing instanceof SitemapKit) {
                return (SitemapKit) existing;
            }
            SitemapKit kit = new SitemapKit(UrlSources.discover(context.getClassLoader()));
            context.setAttribute(ATTRIBUTE, kit);
            return kit;
        }
    }

    /**
     * Adds a source of URLs. Added after the filter started (a JAX-RS runtime that starts at its
     * first request), it joins a section this application already served by re-rendering it in the
     * background, the old pages served meanwhile; otherwise its section's next render includes it.
     *
     * @param source the source, such as {@code UrlSource.query(...)} or {@code UrlSource.paths(...)}
     * @return this handle, to register more
     * @throws IllegalArgumentException for a bad section name or section defaults
     */
    public SitemapKit register(UrlSource source) {
        SourcePlan plan = UrlSources.plan(Objects.requireNonNull(source, "source"));
        SitemapService running = state.service();
        if (running != null) {
            running.checkPageSize(plan.section(), plan.defaults());
        }
        state.sources().register(plan, source);
        running = state.service(); // read after the source is in: a render that starts from now on reads it
        if (running != null) {
            running.invalidateMaterialized(plan.section());
        }
        return this;
    }

    /** What this handle holds, for the adapter that starts the engine (the servlet filter's). */
    KitState state() {
        return state;
    }

    /**
     * Settings made in code, which the filter then uses instead of reading init-params,
     * context-params, system properties and {@code sitemapkit.properties}. Call before the filter
     * starts, from a {@code ServletContextListener}.
     *
     * @param value the settings
     * @return this handle
     * @throws IllegalStateException once the filter has started
     */
    public SitemapKit settings(SitemapSettings value) {
        Objects.requireNonNull(value, "settings");
        notStarted("settings");
        state.settings(value.values());
        return this;
    }

    /**
     * A store made in code (a JCache on your own cache manager, say), used instead of the setting.
     *
     * @param value the store, which stays its maker's to close
     * @return this handle
     * @throws IllegalStateException once the filter has started
     */
    public SitemapKit store(PageStore value) {
        Objects.requireNonNull(value, "store");
        notStarted("store");
        state.store(value.sections());
        return this;
    }

    /**
     * Where SitemapKit runs its work (renders, background deflate, IndexNow, shared-cache calls)
     * instead of daemon threads of its own: a container's managed executor, or virtual threads on
     * Java 21 ({@code Executors.newVirtualThreadPerTaskExecutor()}). Only the timer of render
     * deadlines stays a thread of SitemapKit's. The executor stays its maker's to shut down, after
     * the application stops; it must run each task on a thread of its own (not queue it behind a
     * render that may run for minutes).
     *
     * @param value the executor
     * @return this handle
     * @throws IllegalStateException once the filter has started
     */
    public SitemapKit executor(Executor value) {
        Objects.requireNonNull(value, "executor");
        notStarted("executor");
        state.executor(value);
        return this;
    }

    /** A setting made after the filter started would be ignored without a word: refused instead. */
    private void notStarted(String what) {
        if (state.service() != null) {
            throw new IllegalStateException("sitemapkit: " + what + "(...) was called after the filter started, which"
                    + " reads it only when it starts; call it from a ServletContextListener's contextInitialized,"
                    + " which runs before filters start");
        }
    }

    /**
     * Feeds {@code section} from the committed changes of an entity, registered in code instead of
     * with {@link SitemapSection} (an entity you cannot annotate, several sections, a key computed
     * from the entity): after each committed transaction that inserted, updated or deleted
     * instances of {@code entity} or its subclasses, the section is invalidated once, with the keys
     * of those instances. Heard through Hibernate ORM, as {@link SitemapSection} says.
     *
     * @param entity the entity class
     * @param section the section its rows are listed in
     * @param key reads an instance's key, such as {@code Product::getId}
     * @param <T> the entity's type
     * @return this handle, to register more
     * @throws IllegalArgumentException for a bad section name
     */
    public <T> SitemapKit feed(Class<T> entity, String section, ToLongFunction<? super T> key) {
        state.feeds().add(entity, section, Objects.requireNonNull(key, "key"));
        return this;
    }

    /**
     * Feeds {@code section} from the committed changes of an entity, re-rendering it whole after
     * each committed transaction that changed any instance: for a section that is not of stable
     * pages, or whose rows are not keyed by the entity.
     *
     * @param entity the entity class
     * @param section the section
     * @return this handle, to register more
     * @throws IllegalArgumentException for a bad section name
     */
    public SitemapKit feed(Class<?> entity, String section) {
        state.feeds().add(entity, section, null);
        return this;
    }

    /**
     * Re-renders one section in the background; the old pages are served until the new ones
     * are ready. The future completes then (at once when nothing is cached yet).
     *
     * <p>With a disk or JCache store, the change is recorded there before this returns, so that it
     * is rendered even if this JVM stops the next moment: by another node, or by this one when it
     * starts again. When the store cannot record it (a full disk, a cluster out of reach), this node
     * still renders it, the store logs why, and the future fails at once, saying so.
     *
     * @param section the section's name
     * @return completes when the new pages are served
     */
    public CompletableFuture<Void> invalidate(String section) {
        SitemapService s = state.service();
        return s == null ? CompletableFuture.completedFuture(null) : s.invalidate(section);
    }

    /**
     * Tells that one row of a section changed (inserted, updated or deleted). A section of stable
     * pages ({@code UrlSource.stable}) re-renders only the page holding {@code key}, reading only
     * that page's rows; any other section re-renders whole, as {@link #invalidate(String)}.
     *
     * <p>Recorded in a disk or JCache store before this returns, as {@link #invalidate(String)} says.
     *
     * @param section the section
     * @param key the key of the row that changed
     * @return completes when the new pages are served (at once when nothing is cached yet)
     */
    public CompletableFuture<Void> invalidate(String section, long key) {
        SitemapService s = state.service();
        return s == null ? CompletableFuture.completedFuture(null) : s.invalidate(section, key);
    }

    /**
     * Re-renders every section, as {@link #invalidate(String)} does one.
     *
     * @return completes when the new pages are served (at once when nothing is cached yet)
     */
    public CompletableFuture<Void> invalidateAll() {
        SitemapService s = state.service();
        return s == null ? CompletableFuture.completedFuture(null) : s.invalidateAll();
    }

    /**
     * Writes sitemaps outside a web application (a static site, a CDN upload, a build step): every
     * section of {@code sources} as gzip pages, {@code sitemap-<section>-<n>.xml.gz}, and the index
     * {@code sitemap.xml} listing them, into {@code dir}. Pages are cut, checked and encoded as the
     * filter serves them; a URL outside {@code site} or refused by a builder is skipped, counted and
     * logged in one line.
     *
     * @param dir the directory, created if absent; files of the same names are replaced
     * @param site the site every URL belongs to, such as {@code Site.of("https://shop.example.com/")}
     * @param sources the sources, such as {@code UrlSource.query(...)}
     * @return the files written, the index last
     * @throws IOException when a file cannot be written
     * @throws IllegalArgumentException when the sources have no URL, or a source is refused
     * @throws IllegalStateException when a source fails; what was written is then incomplete
     */
    public static List<Path> write(Path dir, Site site, List<UrlSource> sources) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (String name : write(
                file -> {
                    try {
                        return Files.newOutputStream(dir.resolve(file));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                site,
                sources)) {
            written.add(dir.resolve(name));
        }
        return written;
    }

    /**
     * The same as {@link #write(Path, Site, List)}, into streams: {@code open} gives the stream of
     * each file by name (an upload, an archive entry), which is closed when that file is done.
     *
     * @param open the stream of a file, by name; may throw {@code UncheckedIOException}
     * @param site the site every URL belongs to
     * @param sources the sources
     * @return the names written, the index last
     * @throws IOException when a stream fails
     */
    public static List<String> write(Function<String, OutputStream> open, Site site, List<UrlSource> sources)
            throws IOException {
        UrlSources all = new UrlSources();
        sources.forEach(all::register);
        try {
            return SitemapFiles.write(open, site, all);
        } catch (SourceException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * Lets the JAX-RS filter, in another module, make a handle without a {@code ServletContext}
     * and read its state; see {@link KitAccess}.
     */
    private static final class Access extends KitAccess<SitemapKit> {
        Access() {
            super(SitemapKit.class);
        }

        @Override
        public SitemapKit create(ClassLoader loader) {
            return new SitemapKit(UrlSources.discover(loader));
        }

        @Override
        public KitState state(SitemapKit kit) {
            return kit.state;
        }
    }
}
