package org.sitemapkit.internal.render;

import java.io.IOException;
import java.io.OutputStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.sitemapkit.model.Site;
import org.sitemapkit.source.UrlSource;

/**
 * Renders N generated URLs as gzip pages into a sink that only counts, then prints what it
 * wrote. Run in a JVM with a small heap, it shows that memory does not grow with N. With a
 * second argument {@code flatMap}, the URLs come from one inner stream of a {@code flatMap},
 * which a renderer pulling through {@code iterator()} would buffer whole.
 */
public final class MemoryProbe {
    private MemoryProbe() {}

    public static void main(String[] args) throws IOException {
        long n = Long.parseLong(args[0]);
        boolean flatMap = args.length > 1 && args[1].equals("flatMap");
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "products",
                        site -> flatMap
                                ? Stream.of(site)
                                        .flatMap(s -> LongStream.range(0, n).mapToObj(Generated::product))
                                : LongStream.range(0, n).mapToObj(Generated::product)));
        long[] bytes = {0};
        OutputStream counting = new OutputStream() {
            @Override
            public void write(int b) {
                bytes[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                bytes[0] += len;
            }
        };
        PageSink sink = new PageSink() {
            @Override
            public OutputStream openPage(String section, int number) {
                return counting;
            }

            @Override
            public void pageWritten(PageSummary page) {}
        };
        RenderReport report =
                new Renderer(Site.of("https://shop.example.com/"), PageOptions.defaults()).render(sources, sink);
        long maxPageUrls =
                report.pages().stream().mapToLong(PageSummary::urlCount).max().orElse(0);
        System.out.println("pages=" + report.pages().size() + " urls=" + report.urlCount()
                + " skipped=" + report.skippedCount() + " maxPageUrls=" + maxPageUrls
                + " gzipBytes=" + bytes[0] + " maxHeap=" + Runtime.getRuntime().maxMemory());
    }
}
