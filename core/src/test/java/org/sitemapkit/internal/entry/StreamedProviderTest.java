package org.sitemapkit.internal.entry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** A provider's stream is pushed row by row, so a flatMap inside it is never buffered whole. */
class StreamedProviderTest {
    static final AtomicLong PRODUCED = new AtomicLong();
    static final AtomicInteger CLOSED = new AtomicInteger();

    /** One inner stream of 100,000 rows behind a flatMap, counting the rows it has made. */
    static final class FlatParams implements PathParamsProvider {
        @Override
        public Stream<PathParams> params(PathParamsContext context) {
            return Stream.of(0)
                    .flatMap(x -> IntStream.range(0, 100_000)
                            .peek(i -> PRODUCED.incrementAndGet())
                            .mapToObj(i -> PathParams.of("id", Integer.toString(i))))
                    .onClose(CLOSED::incrementAndGet);
        }
    }

    @Test
    void rowsAreMadeAsTheyAreWrittenNotAllAtFirst() {
        IndexedEntry entry = IndexedEntry.builder()
                .className(StreamedProviderTest.class.getName())
                .method("item(java.lang.String)")
                .template("/flat/{id}")
                .section("flat")
                .params(FlatParams.class.getName())
                .build();
        FlatParams provider = new FlatParams();
        ResolvedEntry.App app = new ResolvedEntry.App("app", "", type -> provider, name -> null);
        ResolvedEntry resolved = new ResolvedEntry(entry, app, StreamedProviderTest.class, FlatParams.class);
        long[] atFirst = {-1};
        long[] count = {0};
        try (Stream<SitemapUrl> urls = EntryUrls.of(Site.of("https://shop.example.com/"), List.of(resolved))) {
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
