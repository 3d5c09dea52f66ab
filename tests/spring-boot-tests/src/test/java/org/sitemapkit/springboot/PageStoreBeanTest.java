package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.PageStore;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/** A {@code PageStore} bean is the store: the pages land in its directory. */
@SpringBootTest(
        classes = {ShopApplication.class, PageStoreBeanTest.DiskStore.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PageStoreBeanTest {
    static final Path DIR;

    static {
        try {
            DIR = Files.createTempDirectory("sitemapkit-boot-store");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class DiskStore {
        @Bean
        PageStore pageStore() {
            return PageStore.disk(DIR);
        }
    }

    @Value("${local.server.port}")
    int port;

    @Test
    void thePagesAreKeptInTheBeansDirectory() throws IOException {
        String origin = "http://127.0.0.1:" + port;
        Crawl.assertSameSet(
                ShopSitemapTest.expected(), Crawl.of(origin + "/sitemap.xml").paths(origin));
        try (Stream<Path> files = Files.walk(DIR)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().endsWith(".gz")), "page files in " + DIR);
        }
    }
}
