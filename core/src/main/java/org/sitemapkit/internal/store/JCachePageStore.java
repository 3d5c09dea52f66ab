package org.sitemapkit.internal.store;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.cache.Cache;
import javax.cache.CacheException;
import javax.cache.CacheManager;
import javax.cache.configuration.FactoryBuilder;
import javax.cache.configuration.MutableCacheEntryListenerConfiguration;
import javax.cache.configuration.MutableConfiguration;
import javax.cache.event.CacheEntryCreatedListener;
import javax.cache.event.CacheEntryEvent;
import javax.cache.event.CacheEntryRemovedListener;
import javax.cache.event.CacheEntryUpdatedListener;
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
    /** Sections whose render in progress could not store a page in the cache: it must not be committed there. */
    private final Set<String> unshared = ConcurrentHashMap.newKeySet();
    /** Other nodes' leases as this node last saw them, to time their renewals on its own clock. */
    private final ConcurrentHashMap<String, Observed> observed = new ConcurrentHashMap<>();
    /** Makes each renewal's lease string new, so that others see it renewed. */
    private final AtomicLong renewals = new AtomicLong();
    /** The store's own threads, until the application's are given; closed with the store. */
    private final Threads own = Threads.of(null);
    /** Where cache operations run, so that a timeout can give up on one. */
    private volatile Executor calls = own.tasks();

    private final RateLimit cutOffLog = new RateLimit(60_000);
    private final AtomicBoolean cutOff = new AtomicBoolean();

    /** Commits any node made that this node was told of, by the cache's entry events; see {@link Commits}. */
    private final AtomicLong commits = new AtomicLong();
    /** How this node hears of other nodes' commits; null where the cache sends no entry events. */
    private final MutableCacheEntryListenerConfiguration<String, String> listening;

    /** A section as this node last read or wrote it. */
    private final class Local {
        final byte[] meta;
        final RenderedSection section;
        final long readAtNanos;
        /** {@link #commits} before the read: a commit heard of since makes the copy stale at once. */
        final long commitsSeen;

        Local(byte[] meta, RenderedSection section, long readAtNanos, long commitsSeen) {
            this.meta = meta;
            this.section = section;
            this.readAtNanos = readAtNanos;
            this.commitsSeen = commitsSeen;
        }

        boolean fresh() {
            return commitsSeen == commits.get()
                    && System.nanoTime() - readAtNanos < TimeUnit.MILLISECONDS.toNanos(FRESH_MILLIS);
        }
    }

    /**
     * Hears every change of a section's metadata in the cache, from any node, so that this node
     * serves another node's render within milliseconds rather than at its next look, a second
     * later. Serializable with its store left behind, as a cache may ship a listener's
     * configuration to other members; there it does nothing.
     */
    static final class Commits
            implements CacheEntryCreatedListener<String, String>,
                    CacheEntryUpdatedListener<String, String>,
                    CacheEntryRemovedListener<String, String>,
                    Serializable {
        private static final long serialVersionUID = 1L;
        private final transient JCachePageStore store;

        Commits(JCachePageStore store) {
            this.store = store;
        }

        @Override
        public void onCreated(Iterable<CacheEntryEvent<? extends String, ? extends String>> events) {
            heard(events);
        }

        @Override
        public void onUpdated(Iterable<CacheEntryEvent<? extends String, ? extends String>> events) {
            heard(events);
        }

        @Override
        public void onRemoved(Iterable<CacheEntryEvent<? extends String, ? extends String>> events) {
            heard(events);
        }

        private void heard(Iterable<CacheEntryEvent<? extends String, ? extends String>> events) {
            if (store == null) {
                return;
            }
            for (CacheEntryEvent<? extends String, ? extends String> e : events) {
                if (e.getKey() != null && e.getKey().startsWith("m|")) {
                    store.commits.incrementAndGet();
                    return;
                }
            }
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
        this.listening = listen();
    }

    /** Asks the cache for its entry events; a provider without them leaves this node to look every second. */
    private MutableCacheEntryListenerConfiguration<String, String> listen() {
        MutableCacheEntryListenerConfiguration<String, String> config = new MutableCacheEntryListenerConfiguration<>(
                FactoryBuilder.factoryOf(new Commits(this)), null, false, false);
        try {
            leases.registerCacheEntryListener(config);
            return config;
        } catch (RuntimeException e) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: the cache {0} sends no entry events ({1}); this node sees another node''s render"
                            + " within {2} ms, when it looks again",
                    leases.getName(),
                    e.toString(),
                    FRESH_MILLIS);
            return null;
        }
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
        if (mine != null && mine.fresh()) {
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
        long heard = commits.get();
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
            local.put(key, new Local(meta, mine.section, System.nanoTime(), heard));
            return mine.section;
        }
        try {
            RenderedSection section = SectionCodec.decode(meta, etag -> () -> page(key, etag));
            local.put(key, new Local(meta, section, System.nanoTime(), heard));
            if (mine != null) {
                forgetPages(key, mine.section, section); // another node's render replaced the one held here
            }
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
            unshared.add(key); // a commit naming this page would send other nodes looking for it in vain
        }
        return page.stored(() -> page(key, page.etag()));
    }

    /** How many pages this node keeps copies of, for tests. */
    int localPageCount() {
        return localPages.size();
    }

    /** This node's copies of the pages of {@code old} that {@code now} no longer has. */
    private void forgetPages(String key, RenderedSection old, RenderedSection now) {
        Set<String> kept = new HashSet<>();
        now.pages().forEach(p -> kept.add(p.etag()));
        for (CachedPage p : old.pages()) {
            if (!kept.contains(p.etag())) {
                localPages.remove(pageKey(key, p.etag()));
            }
        }
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
        if (unshared.remove(key)) {
            local.put(key, new Local(meta, section, System.nanoTime(), commits.get())); // this node serves it meanwhile
            throw new UncheckedIOException(
                    "a page of this render did not reach the shared page store; not committed there",
                    new IOException("page not stored"));
        }
        String expected = base == null ? null : string(metaOf(key, base));
        long heard = commits.get();
        boolean committed;
        try {
            committed = call(() -> {
                // The commit is this one step: the section's metadata replaced only if it is still
                // the one the render started from. Strings compare by value in every provider.
                if (!checked) {
                    leases.put(sectionKey(key), string(meta));
                } else if ((expected == null
                                ? !leases.putIfAbsent(sectionKey(key), string(meta)) // a render on top of nothing
                                : !leases.replace(sectionKey(key), expected, string(meta)))
                        && !string(meta).equals(leases.get(sectionKey(key)))) {
                    // a client that retries a timed-out write (Redisson) may say false for a write that
                    // landed: the metadata, unique to this render, tells
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
            local.put(key, new Local(meta, section, System.nanoTime(), heard)); // this node serves it meanwhile
            throw new UncheckedIOException("the shared page store did not take the render (" + e.getMessage() + ")", e);
        }
        if (committed) {
            local.put(key, new Local(meta, section, System.nanoTime(), heard));
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

    /**
     * A lease is the string {@code owner renewal leaseMillis}, a new string at each renewal. Another
     * node's lease lapses once this node has seen the same string for longer than the lease lasts,
     * timed on this node's own monotonic clock: nodes whose wall clocks disagree never take a lease
     * that is still renewed, nor wait longer than a lease for one that is not.
     */
    @Override
    public boolean lease(String key, String owner, long leaseMillis) {
        String leaseKey = leaseKey(key);
        String mine = owner + " " + renewals.incrementAndGet() + " " + leaseMillis;
        try {
            boolean granted = call(() -> {
                String held = leases.get(leaseKey);
                if (held == null) {
                    // a false for a write that landed (a retried call) is caught by reading it back
                    return leases.putIfAbsent(leaseKey, mine) || mine.equals(leases.get(leaseKey));
                }
                boolean own = held.startsWith(owner + " ");
                return (own || lapsed(leaseKey, held, leaseMillis))
                        && (leases.replace(leaseKey, held, mine) || mine.equals(leases.get(leaseKey)));
            });
            if (granted) {
                heldLeases.put(leaseKey, mine);
                observed.remove(leaseKey);
            }
            return granted;
        } catch (Stopping e) {
            return false; // abandoned or stopping: no render starts
        } catch (IOException | RuntimeException e) {
            cutOff(e);
            return true; // cut off, this node renders for itself rather than wait for a cluster it cannot reach
        }
    }

    @Override
    public boolean renew(String key, String owner, long leaseMillis) {
        String leaseKey = leaseKey(key);
        if (!heldLeases.containsKey(leaseKey)) {
            return false; // given up meanwhile: a renewal under way must not take it again
        }
        String mine = owner + " " + renewals.incrementAndGet() + " " + leaseMillis;
        try {
            boolean renewed = call(() -> {
                String held = leases.get(leaseKey);
                return held != null
                        && held.startsWith(owner + " ")
                        && (leases.replace(leaseKey, held, mine) || mine.equals(leases.get(leaseKey)));
            });
            if (renewed && heldLeases.replace(leaseKey, mine) == null) {
                removeOwn(leaseKey, owner); // released while this renewal ran
                return false;
            }
            return renewed;
        } catch (IOException e) {
            cutOff(e);
            return false;
        }
    }

    @Override
    public boolean leasedByAnother(String key, String owner, long leaseMillis) {
        String leaseKey = leaseKey(key);
        try {
            String held = call(() -> leases.get(leaseKey));
            return held != null && !held.startsWith(owner + " ") && !lapsed(leaseKey, held, leaseMillis);
        } catch (IOException e) {
            cutOff(e);
            return true; // out of reach: nothing to take over now
        }
    }

    /**
     * Whether this node has seen {@code held} unchanged for longer than its lease lasts. The first
     * sight of a lease starts the count: a node that just started waits one lease at most.
     */
    private boolean lapsed(String leaseKey, String held, long defaultLeaseMillis) {
        long now = System.nanoTime();
        Observed seen =
                observed.compute(leaseKey, (k, o) -> o != null && o.value.equals(held) ? o : new Observed(held, now));
        return now - seen.sinceNanos > TimeUnit.MILLISECONDS.toNanos(leaseMillisOf(held, defaultLeaseMillis));
    }

    /** The lease's own length, as its owner wrote it; {@code otherwise} for a string of another form. */
    static long leaseMillisOf(String held, long otherwise) {
        int last = held.lastIndexOf(' ');
        if (last < 0 || held.indexOf(' ') == last) {
            return otherwise;
        }
        try {
            long millis = Long.parseLong(held.substring(last + 1));
            return millis > 0 ? millis : otherwise;
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    /** A lease string as this node first saw it, and when. */
    private record Observed(String value, long sinceNanos) {}

    @Override
    public void release(String key, String owner) {
        String leaseKey = leaseKey(key);
        String mine = heldLeases.remove(leaseKey);
        if (mine != null && mine.startsWith(owner + " ")) {
            // a render abandoned at a stop releases on an interrupted thread: the release must still go out
            boolean interrupted = Thread.interrupted();
            try {
                // the string last written: a renewal may have replaced the one taken at first
                call(() -> leases.remove(leaseKey, mine) || removeOwn(leaseKey, owner));
            } catch (Stopping e) {
                LOG.log(Level.DEBUG, "sitemapkit: lease of {0} left to lapse: {1}", key, e.getMessage());
            } catch (IOException e) {
                cutOff(e);
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Removes the lease if {@code owner} holds it under any renewal. */
    private boolean removeOwn(String leaseKey, String owner) {
        String held = leases.get(leaseKey);
        return held != null && held.startsWith(owner + " ") && leases.remove(leaseKey, held);
    }

    /**
     * Adds the change to the section's record by compare-and-set, so that concurrent changes from
     * every node all land, and lists the section among those with changes.
     */
    @Override
    public long intend(String key, Collection<Long> changedKeys) {
        String changesKey = changesKey(key);
        try {
            long generation = call(() -> {
                while (true) {
                    String old = leases.get(changesKey);
                    PendingChanges next = decode(key, old).plus(changedKeys);
                    if (old == null
                            ? leases.putIfAbsent(changesKey, next.encode())
                            : leases.replace(changesKey, old, next.encode())) {
                        return next.generation();
                    }
                }
            });
            call(() -> {
                listIntended(key);
                return null;
            });
            reconnected();
            return generation;
        } catch (IOException e) {
            cutOff(e);
            return 0;
        }
    }

    @Override
    public PendingChanges pending(String key) {
        try {
            return decode(key, call(() -> leases.get(changesKey(key))));
        } catch (IOException e) {
            cutOff(e);
            return PendingChanges.NONE;
        }
    }

    @Override
    public void rendered(String key, PendingChanges snapshot) {
        String changesKey = changesKey(key);
        try {
            call(() -> {
                while (true) {
                    String old = leases.get(changesKey);
                    if (old == null) {
                        return null;
                    }
                    PendingChanges left = decode(key, old).minus(snapshot);
                    if (leases.replace(changesKey, old, left.encode())) {
                        if (left.isEmpty()) {
                            unlistIntended(key);
                        }
                        return null;
                    }
                }
            });
        } catch (IOException e) {
            cutOff(e); // the changes stay recorded: a later render takes them again
        }
    }

    @Override
    public Set<String> intended() {
        try {
            String list = call(() -> leases.get(INTENDED));
            return list == null ? Set.of() : new LinkedHashSet<>(Arrays.asList(list.split("\n")));
        } catch (IOException e) {
            cutOff(e);
            return Set.of();
        }
    }

    @Override
    public boolean recordsChanges() {
        return true;
    }

    /** Adds {@code key} to the list of sections with changes, unless it is there. */
    private void listIntended(String key) {
        while (true) {
            String list = leases.get(INTENDED);
            if (list != null && Arrays.asList(list.split("\n")).contains(key)) {
                return;
            }
            if (list == null ? leases.putIfAbsent(INTENDED, key) : leases.replace(INTENDED, list, list + "\n" + key)) {
                return;
            }
        }
    }

    /**
     * Takes {@code key} off the list once its changes are all rendered, then looks again: a change
     * recorded meanwhile lists it again, by its own node or here, so the list never misses a
     * section with changes (a node records the change first and lists the section second).
     */
    private void unlistIntended(String key) {
        while (true) {
            String list = leases.get(INTENDED);
            if (list == null) {
                break;
            }
            List<String> keys = new ArrayList<>(Arrays.asList(list.split("\n")));
            if (!keys.remove(key)) {
                break;
            }
            boolean done = keys.isEmpty()
                    ? leases.remove(INTENDED, list)
                    : leases.replace(INTENDED, list, String.join("\n", keys));
            if (done) {
                break;
            }
        }
        String now;
        try {
            now = leases.get(changesKey(key));
        } catch (RuntimeException e) {
            listIntended(key); // when in doubt, listed: a change recorded meanwhile must stay findable
            throw e;
        }
        if (now != null && !decode(key, now).isEmpty()) {
            listIntended(key);
        }
    }

    /** A record of changes as the cache holds it; one that does not read is logged and counted as none. */
    private static PendingChanges decode(String key, String text) {
        try {
            return PendingChanges.decode(text);
        } catch (IOException e) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: ignoring the shared record of changes of {0}: {1}; the next render of the whole"
                            + " section takes every change",
                    key,
                    e.getMessage());
            return PendingChanges.NONE.plus((Collection<Long>) null);
        }
    }

    /** Runs one cache operation with a bound, so that an unreachable cluster cannot park a request. */
    private <T> T call(Supplier<T> operation) throws IOException {
        CompletableFuture<T> f;
        try {
            f = CompletableFuture.supplyAsync(operation, calls);
        } catch (RejectedExecutionException e) {
            throw new Stopping(e);
        }
        try {
            return f.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new IOException("no answer within " + TIMEOUT_MILLIS + " ms", e);
        } catch (ExecutionException e) {
            throw new IOException(String.valueOf(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Stopping("interrupted", e); // a render abandoned, or the application stopping
        }
    }

    /** The threads cache calls run on are closed: the application is stopping, not cut off. */
    private static final class Stopping extends IOException {
        private static final long serialVersionUID = 1L;

        Stopping(RejectedExecutionException e) {
            super("the application is stopping", e);
        }

        Stopping(String why, InterruptedException e) {
            super(why, e);
        }
    }

    private void cutOff(Exception e) {
        if (e instanceof Stopping) {
            LOG.log(Level.DEBUG, "sitemapkit: a cache call refused while stopping: {0}", e.getMessage());
            return;
        }
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

    /** The section's changes not rendered yet, a {@link PendingChanges} record, in the leases cache. */
    private static String changesKey(String key) {
        return "c|" + key;
    }

    /** The sections with changes recorded, one key a line, in the leases cache. */
    static final String INTENDED = "i|changes";

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
        if (listening != null) {
            try {
                leases.deregisterCacheEntryListener(listening);
            } catch (RuntimeException e) {
                LOG.log(Level.DEBUG, "sitemapkit: the cache did not take back its listener", e);
            }
        }
        own.close();
    }

    @Override
    public String toString() {
        return "JCache store " + pages.getName() + " ("
                + pages.getCacheManager().getCachingProvider().getClass().getName() + ")";
    }
}
