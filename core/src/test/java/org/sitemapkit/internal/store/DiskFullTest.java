package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.service.UnavailableException;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * A disk that fills up: on a real 4 MiB tmpfs (mounted by the test, which runs as root here and in
 * CI; skipped with a message elsewhere), a render that does not fit fails with an honest 503 and
 * leaves no files behind, so a restart over the same directory with data that fits serves it.
 * Before, the failed render's 4 MB of pages stayed and every later render failed too.
 */
class DiskFullTest {
    static final Site SITE = Site.of("https://shop.example.com/");

    @TempDir
    Path tmp;

    Path mount;

    void mountSmallDisk() throws Exception {
        mount = Files.createDirectories(tmp.resolve("disk"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mount.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes());
        boolean mounted = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        if (!mounted) {
            mount = null;
        }
        assumeTrue(mounted, "cannot mount a 4 MiB tmpfs here (needs root): " + out.strip());
    }

    @AfterEach
    void unmount() throws Exception {
        if (mount != null) {
            new ProcessBuilder("umount", mount.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Locs of random hex: about 75 gzip bytes a URL, so {@code n} URLs need about 75 n bytes. */
    static UrlSource products(int n) {
        return UrlSource.of("products", site -> {
            Random random = new Random(n);
            byte[] slug = new byte[48];
            return IntStream.range(0, n).mapToObj(i -> {
                random.nextBytes(slug);
                return SitemapUrl.of(site.url("p/" + i + "/" + HexFormat.of().formatHex(slug)));
            });
        });
    }

    static SitemapService service(Path dir, int urls) {
        Settings settings = Settings.builder()
                .maxUrls(1_000)
                .renderWait(Duration.ofMinutes(1))
                .build();
        return new SitemapService(settings, new UrlSources().register(products(urls)), new DiskPageStore(dir));
    }

    static long bytesIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        }
    }

    @Test
    void aRenderThatFillsTheDiskLeavesNothingAndARestartServes() throws Exception {
        mountSmallDisk();
        Path store = mount.resolve("pages");
        try (SitemapService full = service(store, 120_000)) {
            UnavailableException e = assertThrows(UnavailableException.class, () -> full.section(SITE, "products"));
            assertTrue(e.retryAfterSeconds() >= 1, "an honest 503 with Retry-After");
            long left = bytesIn(mount);
            assertTrue(left < 256 * 1024, "the failed render's pages are deleted: " + left + " bytes left");
        }
        try (SitemapService restarted = service(store, 5_000)) {
            assertEquals(5_000, restarted.section(SITE, "products").urlCount(), "the data that fits is served");
        }
    }
}
