package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.stream.LongStream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;

/**
 * A page of several hundred kilobytes of gzip, which the filter writes from a direct copy on
 * Jetty once it is asked for again: every answer, the first and the later ones, gzip, the
 * {@code .gz} file and identity, carries the same bytes and the same validators.
 */
class LargePageTest {
    private static final int URLS = 20_000;

    /** Paths of hex noise, so the page stays large after gzip. */
    private static String path(long i) {
        return "items/" + Long.toHexString(i * 0x9E3779B97F4A7C15L) + "/" + Long.toHexString(~i * 0xC2B2AE3D27D4EB4FL);
    }

    private static byte[] inflate(byte[] gzip) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            return in.readAllBytes();
        }
    }

    @Test
    void everyAnswerOfALargePageIsTheSamePage() throws Exception {
        try (JettyContainer app = JettyContainer.start("", SitemapFilter.class, ctx -> {
            ctx.addEventListener(new ServletContextListener() {
                @Override
                public void contextInitialized(ServletContextEvent event) {
                    SitemapKit.of(event.getServletContext())
                            .register(UrlSource.of(
                                    "items",
                                    site -> LongStream.range(0, URLS)
                                            .mapToObj(i -> SitemapUrl.builder(site.url(path(i)))
                                                    .build())));
                }
            });
        })) {
            Http.Response first = Http.get(app.baseUri().resolve("sitemap-items-1.xml"), "Accept-Encoding", "gzip");
            assertEquals(200, first.status());
            byte[] gzip = first.body();
            assertTrue(gzip.length > 256 * 1024, "large enough to be written from a direct copy: " + gzip.length);
            assertEquals(
                    String.valueOf(gzip.length), first.header("Content-Length").orElseThrow());
            String etag = first.header("ETag").orElseThrow();
            byte[] identity = inflate(gzip);
            String xml = new String(identity, java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(xml.contains(path(0)) && xml.contains(path(URLS - 1)), "every URL is on the page");
            for (int i = 0; i < 5; i++) {
                Http.Response again = Http.get(app.baseUri().resolve("sitemap-items-1.xml"), "Accept-Encoding", "gzip");
                assertEquals(200, again.status());
                assertArrayEquals(gzip, again.body(), "request " + i);
                assertEquals(etag, again.header("ETag").orElseThrow());
                assertEquals(
                        String.valueOf(gzip.length),
                        again.header("Content-Length").orElseThrow());

                Http.Response file = Http.get(app.baseUri().resolve("sitemap-items-1.xml.gz"));
                assertArrayEquals(gzip, file.body(), "the .gz file, request " + i);

                Http.Response plain = Http.get(app.baseUri().resolve("sitemap-items-1.xml"));
                assertArrayEquals(identity, plain.body(), "identity, request " + i);
                assertEquals(
                        String.valueOf(identity.length),
                        plain.header("Content-Length").orElseThrow());

                Http.Response head = Http.head(app.baseUri().resolve("sitemap-items-1.xml"), "Accept-Encoding", "gzip");
                assertEquals(0, head.body().length);
                assertEquals(
                        String.valueOf(gzip.length),
                        head.header("Content-Length").orElseThrow());
            }
        }
    }
}
