package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * The gzip bytes of the pages, pinned: nodes of a cluster, and a node before and after an upgrade,
 * must write the same bytes for the same URLs and level, so a change of the output path that
 * changes one byte fails here and must be made on purpose (the digests below then renewed).
 * Several sections: pages of 50,000 URLs and of more than one 448 KiB block, pages of one URL,
 * and pages whose start tag declares the image and xhtml namespaces. The digests are those of
 * classic zlib (the JDK's own, or Debian's), whose deflate output has not changed in years; a JDK
 * built on zlib-ng deflates differently, and would fail here while serving the same ETags.
 */
class PageBytesTest {
    /** The digest of every page of {@link #sources()}, rendered at {@code level}, in order. */
    private static String digest(int level, Threads threads) throws Exception {
        return digest(level, threads, false);
    }

    /** {@code keeps}: each page handed over as one array (the page store's way) rather than streamed. */
    private static String digest(int level, Threads threads, boolean keeps) throws Exception {
        Renderer renderer = new Renderer(
                UrlsetWriterTest.SITE, PageOptions.builder().gzipLevel(level).build());
        if (threads != null) {
            renderer.threads(threads);
        }
        MemorySink sink = new MemorySink(true, keeps);
        RenderReport report = renderer.render(sources(), sink);
        assertEquals(120_000 + 300 + 2_000, report.urlCount());
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (byte[] page : sink.raw) {
            sha.update(page);
        }
        return sink.size() + " " + HexFormat.of().formatHex(sha.digest());
    }

    private static UrlSources sources() {
        return new UrlSources()
                .register(UrlSource.of(
                        "products", site -> LongStream.range(0, 120_000).mapToObj(Generated::product)))
                .register(UrlSource.of(
                                "tiny",
                                site -> LongStream.range(0, 300)
                                        .mapToObj(i -> SitemapUrl.of("https://shop.example.com/t/" + i)))
                        .maxUrls(1))
                .register(UrlSource.of(
                                "rich",
                                site -> LongStream.range(0, 2_000)
                                        .mapToObj(i -> SitemapUrl.builder("https://shop.example.com/de/p/" + i)
                                                .alternate("de", "https://shop.example.com/de/p/" + i)
                                                .alternate("en", "https://shop.example.com/en/p/" + i)
                                                .image("https://shop.example.com/img/" + i + ".jpg")
                                                .build()))
                        .maxUrls(700));
    }

    @Test
    void theBytesOfEveryPageArePinnedAndTheSameOnOneThreadOrSeveral() throws Exception {
        String six = "306 335365a442bd8733af9fe6db9a5fd18feddf5783b7bb153c0ba5321df3759844";
        assertEquals(six, digest(6, null));
        try (Threads threads = Threads.of(null)) {
            assertEquals(six, digest(6, threads));
            assertEquals(six, digest(6, threads, true));
        }
        assertEquals(six, digest(6, null, true));
        assertEquals("306 536ebd8cfa9e2aeb9a0941c566235d3aeeb71f769aa13a2463ef6dd7cb815da1", digest(1, null));
        assertEquals("306 e4c31005679cd9e7939b202803f7b3507628322caeea64399621a2d0859e84e5", digest(9, null));
    }
}
