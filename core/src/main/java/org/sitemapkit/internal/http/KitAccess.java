package org.sitemapkit.internal.http;

import java.util.Optional;
import java.util.concurrent.Executor;
import org.sitemapkit.PageStore;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.store.SectionStore;

/**
 * What adapters read of a {@link SitemapKit} handle and its page store that users do not: the
 * public types keep these package-private, and install this one accessor when they load.
 */
public abstract class KitAccess {
    private static volatile KitAccess installed;

    /** For {@code SitemapKit} alone, once. */
    protected KitAccess() {}

    /** Called by {@code SitemapKit}'s static initializer. */
    public static void install(KitAccess access) {
        installed = access;
    }

    /** The accessor, loading {@code SitemapKit} first if no one has. */
    public static KitAccess get() {
        KitAccess a = installed;
        if (a == null) {
            try {
                Class.forName(SitemapKit.class.getName(), true, SitemapKit.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            a = installed;
        }
        return a;
    }

    /** A handle of an application that has no {@code ServletContext} to keep it. */
    public abstract SitemapKit create(ClassLoader loader);

    public abstract UrlSources sources(SitemapKit kit);

    /** Settings made in code, which win over every place settings are read from. */
    public abstract Optional<Settings> settings(SitemapKit kit);

    public abstract Optional<PageStore> store(SitemapKit kit);

    public abstract Optional<Executor> executor(SitemapKit kit);

    public abstract void start(SitemapKit kit, SitemapService service);

    public abstract void stop(SitemapKit kit, SitemapService service);

    public abstract SectionStore sections(PageStore store);
}
