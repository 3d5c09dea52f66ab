package org.sitemapkit.jaxrs.processor;

import jakarta.servlet.ServletContext;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.jaxrs.SitemapEntryFeature;
import org.sitemapkit.source.UrlSource;

/** What the tests that run a real javac share: its class path and a clean work folder. */
final class JavacFiles {
    private JavacFiles() {}

    /** The jars and folders javac needs: the processor, sitemapkit-jaxrs, core (with the annotation), the APIs. */
    static String classPath() {
        return Stream.of(
                        SitemapEntryProcessor.class,
                        SitemapEntryFeature.class,
                        SitemapEntry.class,
                        UrlSource.class,
                        jakarta.ws.rs.Path.class,
                        ServletContext.class)
                .map(c -> {
                    try {
                        return Paths.get(c.getProtectionDomain()
                                        .getCodeSource()
                                        .getLocation()
                                        .toURI())
                                .toString();
                    } catch (URISyntaxException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .distinct()
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** Deletes {@code path} and everything below it, if it exists. */
    static void deleteTree(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(path)) {
            List<Path> deepestFirst = paths.sorted(
                            Comparator.comparingInt(Path::getNameCount).reversed())
                    .collect(Collectors.toList());
            for (Path p : deepestFirst) {
                Files.delete(p);
            }
        }
    }
}
