package org.sitemapkit.jaxrs.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.junit.jupiter.api.Test;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.jaxrs.PathParamsProvider;

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

    @Test
    void aProviderThatCouldNotBeMadeIsTriedAgainLaterNotNeverAgain() throws Exception {
        ProviderFactory factory = new ProviderFactory(new ServletContextHandler().getServletContext(), 50_000_000L);
        assertThrows(IllegalStateException.class, () -> factory.get(FirstTimeDown.class));
        assertThrows(IllegalStateException.class, () -> factory.get(FirstTimeDown.class), "not before the retry time");
        Thread.sleep(80);
        PathParamsProvider made = factory.get(FirstTimeDown.class);
        assertNotNull(made);
        assertSame(made, factory.get(FirstTimeDown.class), "and kept once made");
    }
}
