package org.sitemapkit.jaxrs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** A provider's stream is pushed row by row, so a flatMap inside it is never buffered whole. */
public class StreamedProviderTest {
    static final AtomicLong PRODUCED = new AtomicLong();
    static final AtomicInteger CLOSED = new AtomicInteger();

    /** One inner stream of 100,000 rows behind a flatMap, counting the rows it has made. */
    public static final class FlatParams implements PathParamsProvider {
        @Override
        public Stream<PathParams> params(PathParamsContext context) {
            return Stream.of(0)
                    .flatMap(x -> IntStream.range(0, 100_000)
                            .peek(i -> PRODUCED.incrementAndGet())
                            .mapToObj(i -> PathParams.of("id", Integer.toString(i))))
                    .onClose(CLOSED::incrementAndGet);
        }
    }

    @Path("flat")
    public static final class FlatResource {
        @GET
        @Path("{id}")
        @SitemapEntry(section = "flat", params = FlatParams.class)
        public String item(@PathParam("id") String id) {
            return id;
        }
    }

    @Test
    void rowsAreMadeAsTheyAreWrittenNotAllAtFirst() {
        ServletContextHandler handler = new ServletContextHandler();
        Registry registry = Registry.of(handler.getServletContext());
        ResolvedEntry.App app = new ResolvedEntry.App("app", "", registry.providers(), handler.getServletContext());
        registry.publish(
                "app",
                ServletFeature.resolve(
                        ReflectionScanner.scan(FlatResource.class, m -> {}),
                        app,
                        getClass().getClassLoader()));
        long[] atFirst = {-1};
        long[] count = {0};
        try (Stream<SitemapUrl> urls = new SectionSource("flat", registry).urls(Site.of("https://shop.example.com/"))) {
            urls.forEachOrdered(u -> {
                if (count[0]++ == 0) {
                    atFirst[0] = PRODUCED.get();
                }
            });
        }
        assertEquals(100_000, count[0]);
        assertEquals(1, atFirst[0], "one row made when the first URL was written, not the whole flatMap");
        assertEquals(1, CLOSED.get(), "the provider's stream is closed once drained");
    }
}
