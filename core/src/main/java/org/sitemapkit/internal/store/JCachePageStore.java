package org.sitemapkit.internal.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import javax.cache.Cache;
import javax.cache.CacheException;
import javax.cache.CacheManager;
import javax.cache.configuration.MutableConfiguration;
import org.sitemapkit.internal.RateLimit;
import org.sitemapkit.internal.Threads;

/**
 * A store that several nodes share through any JSR-107 cache (Hazelcast, Ehcache, Caffeine...):
 * one node renders a section, under a lease kept in the cache, and every node serves the same
 * bytes. Values are plain bytes and strings, so no node needs this library's classes to hold
 * them. Each node also keeps the sections and pages it last saw, so a node cut off from the
 * cluster goes on serving its last good pages, and says so in its log; and it reads a section's
 * metadata from the cache at most once a second, so a request does not cost a remote call. A
 * render is committed by one compare-and-set of that metadata, so a node whose lease lapsed while
 * it rendered cannot overwrite what another node committed meanwhile.
 */
public final class JCachePageStore implements SectionStore {
    private static final System.Logger LOG = System.getLogger(JCachePageStore.class.getName());
    /** How long a node trusts its copy of a section's metadata before asking the cache again. */
    static final long FRESH_MILLIS = 1000;
    /** How long one cache operation may take before this node counts itself cut off. */
    static final long TIMEOUT_MILLIS = 2000;

    private final Cache<String, byte[]> pages;
    private final Cache<String, String> leases;
    private final ConcurrentHashMap<String, Local> local = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, byte[]> localPages = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, String> heldLeases = new ConcurrentHashMap<>();
    /** The store's own threads, until the application's are given; closed with the store. */
    private final Threads own = Threads.of(null);
    /** Where cache operations run, so that a timeout can give up on one. */
    private volatile Executor calls = own.tasks();

    private final RateLimit cutOffLog = new RateLimit(60_000);
    private final AtomicBoolean cutOff = new AtomicBoolean();

    /** A section as this node last read or wrote it. */
    private static final class Local {
        final byte[] meta;
        final RenderedSection section;
        final long readAtNanos;

        Local(byte[] meta, RenderedSection section, long readAtNanos) {
            this.meta = meta;
            this.section = section;
            this.readAtNanos = readAtNanos;
        }
    }

    /**
     * The caches {@code name} (pages and metadata) and {@code name-leases}, created if absent.
     *
     * @param manager the application's cache manager, shared by every node of the cluster
     * @param name the name of the pages cache, the {@code jcache-cache} setting
     */
    @SuppressWarnings("exports") // JCache is optional (requires static): whoever has a CacheManager reads its module
    public JCachePageStore(CacheManager manager, String name) {
        this.pages = cache(manager, name, byte[].class);
        this.leases = cache(manager, name + "-leases", String.class);
    }

    @Override
    public void threads(Threads threads) {
        calls = threads.tasks();
    }

    private static <V> Cache<String, V> cache(CacheManager manager, String name, Class<V> type) {
        Cache<String, V> cache = manager.getCache(name, String.class, type);
        if (cache != null) {
            return cache;
        }
        try {
            return manager.createCache(name, new MutableConfiguration<String, V>().setTypes(String.class, type));
        } catch (CacheException e) {
            Cache<String, V> raced = manager.getCache(name, String.class, type); // another node created it
            if (raced == null) {
                throw e;
            }
            return raced;
        }
    }

    @Override
    public RenderedSection get(String key) {
        Local mine = local.get(key);
        if (mine != null && System.nanoTime() - mine.readAtNanos < TimeUnit.MILLISECONDS.toNanos(FRESH_MILLIS)) {
            return mine.section;
        }
        return read(key, mine);
    }

    /** Skips this node's one-second copy: another node may have stored a render just now. */
    @Override
    public RenderedSection latest(String key) {
        return read(key, local.get(key));
    }

    private RenderedSection read(String key, Local mine) {
        byte[] meta;
        try {
            meta = bytes(call(() -> leases.get(sectionKey(key))));
        } catch (IOException e) {
            cutOff(e);
            return mine == null ? null : mine.section;
        }
        reconnected();
        if (meta == null) {
            local.remove(key);
            return null;
        }
        if (mine != null && Arrays.equals(mine.meta, meta)) {
            local.put(key, new Local(meta, mine.section, System.nanoTime()));
            return mine.section;
        }
        try {
            RenderedSection section = SectionCodec.decode(meta, etag -> () -> page(key, etag));
            local.put(key, new Local(meta, section, System.nanoTime()));
            return section;
        } catch (IOException e) {
            LOG.log(Level.WARNING, "sitemapkit: ignoring the shared section {0}: {1}", key, e.getMessage());
            return null;
        }
    }

    private byte[] page(String key, String etag) throws IOException {
        String pageKey = pageKey(key, etag);
        byte[] bytes = localPages.get(pageKey);
        if (bytes != null) {
            return bytes;
        }
        bytes = call(() -> pages.get(pageKey));
        if (bytes == null) {
            throw new IOException("the shared store has no page " + etag + " of " + key);
        }
        localPages.put(pageKey, bytes);
        return bytes;
    }

    @Override
    public CachedPage keep(String key, CachedPage page) {
        byte[] bytes = page.gzip();
        String pageKey = pageKey(key, page.etag());
        localPages.put(pageKey, bytes);
        try {
            call(() -> {
                pages.put(pageKey, bytes);
                return null;
            });
        } catch (IOException e) {
            cutOff(e);
        }
        return page.stored(() -> page(key, page.etag()));
    }

    @Override
    public void put(String key, RenderedSection section) {
        try {
            commit(key, null, section, false);
        } catch (UncheckedIOException e) {
            // served by this node only until the store answers; cutOff() said so
        }
    }

    /**
     * Commits only when the section's version in the cache is still {@code base}'s: a node whose
     * lease lapsed while it rendered (a stall, a pause) cannot overwrite what another node stored
     * meanwhile. Versions are strings in the leases cache, compared by value in every provider.
     */
    @Override
    public boolean put(String key, RenderedSection base, RenderedSection section) {
        return commit(key, base, section, true);
    }

    private boolean commit(String key, RenderedSection base, RenderedSection section, boolean checked) {
        byte[] meta = SectionCodec.encode(section);
        String expected = base == null ? null : string(metaOf(key, base));
        boolean committed;
        try {
            committed = call(() -> {
                // The commit is this one step: the section's metadata replaced only if it is still
                // the one the render started from. Strings compare by value in every provider.
                if (!checked) {
                    leases.put(sectionKey(key), string(meta));
                } else if (expected == null
                        ? !leases.putIfAbsent(sectionKey(key), string(meta)) // a render on top of nothing
                        : !leases.replace(sectionKey(key), expected, string(meta))) {
                    return false;
                }
                // the ETags of the last two renders: other nodes may still serve the previous one
                String[] history = text(pages.get(historyKey(key))).split("\n", -1);
                String previous = history[history.length - 1];
                String current = etags(section);
                pages.put(historyKey(key), (previous + "\n" + current).getBytes(StandardCharsets.UTF_8));
                if (history.length == 2) {
                    Set<String> used = new HashSet<>(Arrays.asList((previous + " " + current).split(" ")));
                    for (String etag : history[0].split(" ")) {
                        if (!etag.isEmpty() && !used.contains(etag)) {
                            pages.remove(pageKey(key, etag));
                            localPages.remove(pageKey(key, etag));
                        }
                    }
                }
                return true;
            });
            reconnected();
        } catch (IOException e) {
            cutOff(e);
            local.put(key, new Local(meta, section, System.nanoTime())); // this node serves it meanwhile
            throw new UncheckedIOException("the shared page store did not take the render (" + e.getMessage() + ")", e);
        }
        if (committed) {
            local.put(key, new Local(meta, section, System.nanoTime()));
        }
        return committed;
    }

    /** The metadata {@code section} was read from, as the cache holds it. */
    private byte[] metaOf(String key, RenderedSection section) {
        Local mine = local.get(key);
        return mine != null && mine.section == section ? mine.meta : SectionCodec.encode(section);
    }

    /** Bytes as a string of the same length, one char per byte, so the cache can compare it by value. */
    private static String string(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static byte[] bytes(String string) {
        return string == null ? null : string.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? "" : new String(bytes, StandardCharsets.UTF_8);
    }

    private static String etags(RenderedSection section) {
        List<String> etags = new ArrayList<>();
        section.pages().forEach(p -> etags.add(p.etag()));
        return String.join(" ", etags);
    }

    @Override
    public void remove(String key) {
        evicted(key);
        try {
            call(() -> {
                leases.remove(sectionKey(key));
                return null;
            });
        } catch (IOException e) {
            cutOff(e);
        }
    }

    /** Only this node's copies go: the shared entries stay for the other nodes. */
    @Override
    public void evicted(String key) {
        Local gone = local.remove(key);
        if (gone != null) {
            gone.section.pages().forEach(p -> localPages.remove(pageKey(key, p.etag())));
        }
    }

    @Override
    public boolean lease(String key, String owner, long untilMillis) {
        String leaseKey = leaseKey(key);
        String mine = owner + " " + untilMillis;
        try {
            boolean granted = call(() -> {
                String held = leases.get(leaseKey);
                if (held == null) {
                    return leases.putIfAbsent(leaseKey, mine);
                }
                int space = held.indexOf(' ');
                boolean own = held.startsWith(owner + " ");
                boolean expired = Long.parseLong(held.substring(space + 1)) < System.currentTimeMillis();
                return (own || expired) && leases.replace(leaseKey, held, mine);
            });
            if (granted) {
                heldLeases.put(leaseKey, mine);
            }
            return granted;
        } catch (IOException | RuntimeException e) {
            cutOff(e);
            return true; // cut off, this node renders for itself rather than wait for a cluster it cannot reach
        }
    }

    @Override
    public void release(String key, String owner) {
        String leaseKey = leaseKey(key);
        String mine = heldLeases.remove(leaseKey);
        if (mine != null && mine.startsWith(owner + " ")) {
            try {
                call(() -> leases.remove(leaseKey, mine));
            } catch (IOException e) {
                cutOff(e);
            }
        }
    }

    /** Runs one cache operation with a bound, so that an unreachable cluster cannot park a request. */
    private <T> T call(Supplier<T> operation) throws IOException {
        CompletableFuture<T> f = CompletableFuture.supplyAsync(operation, calls);
        try {
            return f.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new IOException("no answer within " + TIMEOUT_MILLIS + " ms", e);
        } catch (ExecutionException e) {
            throw new IOException(String.valueOf(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private void cutOff(Exception e) {
        if (!cutOff.getAndSet(true) || cutOffLog.tryLog()) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: cut off from the shared page store ({0}); serving this node''s last"
                            + " good pages until it answers again",
                    e.getMessage());
        }
    }

    private void reconnected() {
        if (cutOff.getAndSet(false)) {
            LOG.log(Level.WARNING, "sitemapkit: the shared page store answers again");
        }
    }

    private static String leaseKey(String key) {
        return "s|" + key;
    }

    /** A section's metadata, in the leases cache: its string values are compared by value on commit. */
    private static String sectionKey(String key) {
        return "m|" + key;
    }

    private static String historyKey(String key) {
        return "h|" + key;
    }

    private static String pageKey(String key, String etag) {
        return "p|" + key + "|" + etag;
    }

    @Override
    public void close() {
        own.close();
    }

    @Override
    public String toString() {
        return "JCache store " + pages.getName() + " ("
                + pages.getCacheManager().getCachingProvider().getClass().getName() + ")";
    }
}
