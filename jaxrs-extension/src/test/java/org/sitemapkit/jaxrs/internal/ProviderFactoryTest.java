package org.sitemapkit.jaxrs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.junit.jupiter.api.Test;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

class ProviderFactoryTest {
    /** Fails to be made the first time, as a provider whose database is not up yet. */
    public static final class FirstTimeDown implements PathParamsProvider {
        static final AtomicInteger MADE = new AtomicInteger();

        public FirstTimeDown() {
            if (MADE.incrementAndGet() == 1) {
                throw new IllegalStateException("the database is not up yet");
            }
        }

        @Override
        public Stream<PathParams> params(PathParamsContext context) {
            return Stream.empty();
        }
    }

    /** Counts how often it is made, slowly, so that concurrent first renders overlap. */
    public static final class Counted implements PathParamsProvider {
        static final AtomicInteger MADE = new AtomicInteger();

        public Counted() throws InterruptedException {
            MADE.incrementAndGet();
            Thread.sleep(20);
        }

        @Override
        public Stream<PathParams> params(PathParamsContext context) {
            return Stream.empty();
        }
    }

    @Test
    void concurrentFirstRendersShareOneInstance() throws Exception {
        ProviderFactory factory = new ProviderFactory(new ServletContextHandler().getServletContext()::getAttribute);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<PathParamsProvider>> got = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                got.add(pool.submit(() -> {
                    start.await();
                    return factory.get(Counted.class);
                }));
            }
            start.countDown();
            Set<PathParamsProvider> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Future<PathParamsProvider> f : got) {
                distinct.add(f.get(10, TimeUnit.SECONDS));
            }
            assertEquals(1, distinct.size());
            assertEquals(1, Counted.MADE.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aProviderThatCouldNotBeMadeIsTriedAgainLaterNotNeverAgain() throws Exception {
        ProviderFactory factory =
                new ProviderFactory(new ServletContextHandler().getServletContext()::getAttribute, 50_000_000L);
        assertThrows(IllegalStateException.class, () -> factory.get(FirstTimeDown.class));
        assertThrows(IllegalStateException.class, () -> factory.get(FirstTimeDown.class), "not before the retry time");
        Thread.sleep(80);
        PathParamsProvider made = factory.get(FirstTimeDown.class);
        assertNotNull(made);
        assertSame(made, factory.get(FirstTimeDown.class), "and kept once made");
    }
}
