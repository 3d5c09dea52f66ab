package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.cache.Cache;
import javax.cache.CacheException;
import javax.cache.CacheManager;
import javax.cache.configuration.Factory;
import javax.cache.configuration.MutableCacheEntryListenerConfiguration;
import javax.cache.configuration.MutableConfiguration;
import javax.cache.event.CacheEntryCreatedListener;
import javax.cache.event.CacheEntryEvent;
import javax.cache.event.CacheEntryListener;
import javax.cache.event.CacheEntryRemovedListener;
import javax.cache.event.CacheEntryUpdatedListener;
import javax.cache.event.EventType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.RedisServer;

/**
 * What the Redis path relies on in Redisson's JCache, with two clients on one redis-server as two
 * nodes have them: conditional writes compare values (not references) and are atomic across
 * clients; an entry listener on one client hears the other's writes; gzip pages of 10 MB go
 * through; a call to a stopped server fails with a CacheException instead of hanging, and the
 * client works again, listeners included, once the server is back. No timing is asserted beyond
 * generous bounds.
 */
class RedissonJCacheSemanticsTest {
    /** How long an event from the other client may take before it counts as lost; it takes about a millisecond. */
    static final long EVENT_SECONDS = 10;

    private RedisServer redis;
    private CacheManager node1;
    private CacheManager node2;
    private String name;

    /** Two nodes, each with a client of its own; the server is skipped where redis-server is missing. */
    @BeforeEach
    void nodes() {
        redis = RedissonNodes.server();
        node1 = RedissonNodes.node("");
        node2 = RedissonNodes.node("");
        name = "semantics-" + UUID.randomUUID();
    }

    @AfterEach
    void close() {
        if (node1 != null) {
            node1.close();
            node2.close();
        }
    }

    @AfterAll
    static void stop() {
        RedissonNodes.stop();
    }

    static <V> Cache<String, V> cache(CacheManager manager, String name, Class<V> type) {
        return manager.createCache(name, new MutableConfiguration<String, V>().setTypes(String.class, type));
    }

    @Test
    void conditionalWritesCompareValuesAcrossClients() {
        Cache<String, String> one = cache(node1, name, String.class);
        Cache<String, String> two = cache(node2, name, String.class);
        one.put("k", "v1");
        assertTrue(two.replace("k", new String("v1".toCharArray()), "v2"), "an equal string, not the same one");
        assertFalse(two.replace("k", "v1", "v3"), "stale");
        assertEquals("v2", one.get("k"));
        assertFalse(two.replace("absent", "x", "y"));
        assertNull(one.get("absent"));

        assertFalse(two.putIfAbsent("k", "other"));
        assertTrue(two.putIfAbsent("new", "n"));
        assertEquals("n", one.get("new"));

        assertFalse(two.remove("k", "v1"));
        assertEquals("v2", one.get("k"));
        assertTrue(two.remove("k", new String("v2".toCharArray())));
        assertNull(one.get("k"));

        // every char of ISO-8859-1, as JCachePageStore keeps a section's metadata bytes
        char[] latin1 = new char[256];
        for (int i = 0; i < latin1.length; i++) {
            latin1[i] = (char) i;
        }
        one.put("meta", new String(latin1));
        assertEquals(new String(latin1), two.get("meta"));
        assertTrue(two.replace("meta", new String(latin1), "next"));

        // byte arrays too compare by their contents (the codec's bytes), unlike byte[].equals
        Cache<String, byte[]> bytes1 = cache(node1, name + "-bytes", byte[].class);
        Cache<String, byte[]> bytes2 = cache(node2, name + "-bytes", byte[].class);
        bytes1.put("b", new byte[] {1, 2, 3});
        assertTrue(bytes2.replace("b", new byte[] {1, 2, 3}, new byte[] {4}));
        assertArrayEquals(new byte[] {4}, bytes1.get("b"));
        assertTrue(bytes2.remove("b", new byte[] {4}));
    }

    @Test
    void conditionalWritesAreAtomicAcrossClients() throws Exception {
        Cache<String, String> one = cache(node1, name, String.class);
        Cache<String, String> two = cache(node2, name, String.class);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            // compare-and-set increments from both clients: a lost update would leave the count short
            one.put("n", "0");
            AtomicInteger granted = new AtomicInteger();
            List<Future<?>> all = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Cache<String, String> c = t % 2 == 0 ? one : two;
                all.add(pool.submit(() -> {
                    for (int done = 0; done < 100; ) {
                        String seen = c.get("n");
                        if (c.replace("n", seen, Integer.toString(Integer.parseInt(seen) + 1))) {
                            granted.incrementAndGet();
                            done++;
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : all) {
                f.get(60, TimeUnit.SECONDS);
            }
            assertEquals(400, granted.get());
            assertEquals("400", one.get("n"));

            // the same key offered by both at once: one putIfAbsent wins, one remove(k, v) takes it
            CyclicBarrier together = new CyclicBarrier(2);
            for (int i = 0; i < 50; i++) {
                String key = "race-" + i;
                Future<Boolean> a = pool.submit(() -> {
                    together.await();
                    return one.putIfAbsent(key, "one");
                });
                Future<Boolean> b = pool.submit(() -> {
                    together.await();
                    return two.putIfAbsent(key, "two");
                });
                boolean first = a.get(30, TimeUnit.SECONDS);
                boolean second = b.get(30, TimeUnit.SECONDS);
                assertTrue(first ^ second, key);
                String winner = first ? "one" : "two";
                assertEquals(winner, two.get(key));
                Future<Boolean> c = pool.submit(() -> {
                    together.await();
                    return one.remove(key, winner);
                });
                Future<Boolean> d = pool.submit(() -> {
                    together.await();
                    return two.remove(key, winner);
                });
                assertTrue(c.get(30, TimeUnit.SECONDS) ^ d.get(30, TimeUnit.SECONDS), key);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    record Heard(EventType type, String key, Object value) {}

    /** Records what it hears; deliberately not Serializable. */
    static final class Ears
            implements CacheEntryCreatedListener<String, Object>,
                    CacheEntryUpdatedListener<String, Object>,
                    CacheEntryRemovedListener<String, Object> {
        final BlockingQueue<Heard> heard = new LinkedBlockingQueue<>();

        private void add(Iterable<CacheEntryEvent<? extends String, ? extends Object>> events) {
            for (CacheEntryEvent<? extends String, ? extends Object> e : events) {
                heard.add(new Heard(e.getEventType(), e.getKey(), e.getValue()));
            }
        }

        @Override
        public void onCreated(Iterable<CacheEntryEvent<? extends String, ? extends Object>> events) {
            add(events);
        }

        @Override
        public void onUpdated(Iterable<CacheEntryEvent<? extends String, ? extends Object>> events) {
            add(events);
        }

        @Override
        public void onRemoved(Iterable<CacheEntryEvent<? extends String, ? extends Object>> events) {
            add(events);
        }

        Heard next() throws InterruptedException {
            Heard h = heard.poll(EVENT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(h, "no event within " + EVENT_SECONDS + " s");
            return h;
        }
    }

    /** Hands out one listener, and fails if anything tries to serialize it: Redisson needs neither to be. */
    static final class Unserializable implements Factory<CacheEntryListener<? super String, ? super Object>> {
        private static final long serialVersionUID = 1L;
        private final transient Ears ears;

        Unserializable(Ears ears) {
            this.ears = ears;
        }

        @Override
        public CacheEntryListener<? super String, ? super Object> create() {
            return ears;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            throw new NotSerializableException("this factory is not meant to be serialized");
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // the factory serves caches of any value type
    static void listen(Cache<String, ?> cache, Ears ears) {
        Factory factory = new Unserializable(ears);
        cache.registerCacheEntryListener(new MutableCacheEntryListenerConfiguration(factory, null, false, false));
    }

    @Test
    void aListenerOnOneClientHearsTheOthersWrites() throws Exception {
        Cache<String, String> one = cache(node1, name, String.class);
        Cache<String, String> two = cache(node2, name, String.class);
        Ears ears = new Ears();
        listen(two, ears);

        one.put("k", "v0");
        assertEquals(new Heard(EventType.CREATED, "k", "v0"), ears.next());
        one.put("k", "v1");
        assertEquals(new Heard(EventType.UPDATED, "k", "v1"), ears.next());
        assertTrue(one.replace("k", "v1", "v2"));
        assertEquals(new Heard(EventType.UPDATED, "k", "v2"), ears.next());
        assertTrue(one.putIfAbsent("p", "x"));
        assertEquals(new Heard(EventType.CREATED, "p", "x"), ears.next());
        assertTrue(one.remove("p", "x"));
        assertEquals(new Heard(EventType.REMOVED, "p", "x"), ears.next());
        assertTrue(one.remove("k"));
        assertEquals(new Heard(EventType.REMOVED, "k", "v2"), ears.next());
        // a write that changes nothing says nothing
        assertFalse(one.replace("k", "v2", "v3"));
        assertFalse(one.remove("k"));
        // the listening client hears its own writes too
        two.put("own", "o");
        assertEquals(new Heard(EventType.CREATED, "own", "o"), ears.next());
        assertNull(ears.heard.poll(1, TimeUnit.SECONDS), "nothing else");

        // updates of one key arrive in order
        for (int i = 0; i < 100; i++) {
            one.put("seq", "s" + i);
        }
        assertEquals(new Heard(EventType.CREATED, "seq", "s0"), ears.next());
        for (int i = 1; i < 100; i++) {
            assertEquals(new Heard(EventType.UPDATED, "seq", "s" + i), ears.next());
        }
    }

    @Test
    void pagesOfTenMegabytesGoThrough() throws Exception {
        Cache<String, byte[]> one = cache(node1, name, byte[].class);
        Cache<String, byte[]> two = cache(node2, name, byte[].class);
        Random random = new Random(42);
        for (int megabytes : new int[] {1, 10}) {
            byte[] page = new byte[megabytes << 20];
            random.nextBytes(page); // as incompressible as gzip
            one.put("page-" + megabytes, page);
            assertArrayEquals(page, two.get("page-" + megabytes), megabytes + " MB");
        }
        // a listener gets the whole value with each event
        Ears ears = new Ears();
        listen(two, ears);
        byte[] page = new byte[10 << 20];
        random.nextBytes(page);
        one.put("page-10", page);
        Heard heard = ears.next();
        assertEquals(EventType.UPDATED, heard.type());
        assertArrayEquals(page, (byte[]) heard.value());
    }

    @Test
    void aCallToAStoppedServerFailsAndTheClientRecovers() throws Exception {
        // bounded settings: each attempt waits 500 ms for an answer, one retry after 200 ms
        String bounded = "  timeout: 500\n  connectTimeout: 500\n  retryAttempts: 1\n  retryInterval: 200\n";
        CacheManager a = RedissonNodes.node(bounded);
        CacheManager b = RedissonNodes.node(bounded);
        try {
            Cache<String, String> one = cache(a, name, String.class);
            Cache<String, String> two = cache(b, name, String.class);
            Ears ears = new Ears();
            listen(two, ears);
            one.put("k", "v");
            assertEquals(new Heard(EventType.CREATED, "k", "v"), ears.next());

            redis.kill();
            long start = System.nanoTime();
            CacheException refused = assertThrows(CacheException.class, () -> one.get("k"));
            assertTrue(
                    System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10),
                    "failed within the bounded settings, not after a hang");
            assertInstanceOf(org.redisson.client.RedisException.class, rootOrRedis(refused), refused::toString);
            assertThrows(CacheException.class, () -> one.put("k", "w"));

            redis.restart(); // empty: a killed Redis without persistence keeps nothing
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (true) {
                try {
                    assertNull(one.get("k"));
                    break;
                } catch (CacheException e) {
                    if (System.nanoTime() > until) {
                        throw e;
                    }
                    Thread.sleep(100);
                }
            }
            // the other client subscribes again by itself
            until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            Heard heard = null;
            for (int i = 0; heard == null && System.nanoTime() < until; i++) {
                one.put("back", "b" + i);
                heard = ears.heard.poll(500, TimeUnit.MILLISECONDS);
            }
            assertNotNull(heard, "the listener heard nothing after the server came back");
            assertEquals("back", heard.key());
        } finally {
            if (!redis.running()) {
                redis.restart();
            }
            a.close();
            b.close();
        }
    }

    /** The first Redisson exception in the chain. */
    private static Throwable rootOrRedis(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof org.redisson.client.RedisException) {
                return c;
            }
        }
        return e;
    }
}
