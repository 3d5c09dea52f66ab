package org.sitemapkit.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/** Compiles a small consumer module against the built jars, for tests of what a module descriptor exports. */
public final class ModuleCompiler {
    private ModuleCompiler() {}

    /**
     * Compiles {@code files} (path under {@code src} to source text) on {@code modulePath} only, never on
     * this JVM's class path, with {@code -Werror}.
     *
     * @return javac's output, empty exactly when it succeeded
     */
    public static String javac(
            Path src, Path out, String modulePath, String lint, Map<String, String> files, String... options)
            throws IOException {
        Files.createDirectories(out);
        List<String> args = new ArrayList<>(List.of(
                "--release",
                "17",
                lint,
                "-Werror",
                // not this JVM's class path, which javac would otherwise search too
                "--class-path",
                out.toString(),
                "--module-path",
                modulePath,
                "-d",
                out.toString()));
        args.addAll(List.of(options));
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = src.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
            args.add(p.toString());
        }
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int status = ToolProvider.getSystemJavaCompiler().run(null, log, log, args.toArray(new String[0]));
        String text = log.toString(StandardCharsets.UTF_8);
        assertEquals(status == 0, text.isEmpty(), text);
        return text;
    }

    /** The module path of the folders or jars the given classes were loaded from. */
    public static String modulePath(Class<?>... anchors) {
        return Stream.of(anchors)
                .map(c -> location(c).toString())
                .distinct()
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** The folder or jar a class was loaded from: {@code target/classes} for a module of this build. */
    public static Path location(Class<?> type) {
        try {
            return Path.of(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
