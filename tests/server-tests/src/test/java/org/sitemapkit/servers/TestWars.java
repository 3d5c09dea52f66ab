package org.sitemapkit.servers;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.sitemapkit.testsupport.Dirs;

/**
 * Builds the test WAR from src/war the way a user's build would, twice: once with SitemapKit's annotation
 * processor on the processor path (the index is written) and once with {@code -proc:none} (the runtime must
 * find the entries by reflection). Built once per test JVM; every server deploys the same two files.
 */
public final class TestWars {

    /** Where the processor writes its index, inside the WAR. */
    public static final String INDEX_ENTRY = "WEB-INF/classes/META-INF/sitemapkit/jaxrs-entries.tsv";

    /** The two variants, by context root: {@code indexed.war} deploys at {@code /indexed}. */
    public enum Variant {
        INDEXED("indexed"),
        NOINDEX("noindex");

        private final String context;

        Variant(String context) {
            this.context = context;
        }

        /** The context root without slashes, and the WAR's file name without ".war". */
        public String context() {
            return context;
        }

        /** The WAR's file name, which is what test reports show for a parameter. */
        @Override
        public String toString() {
            return context + ".war";
        }
    }

    /**
     * A third WAR, the indexed one without its own robots.txt: the robots.txt SitemapKit answers must then be its
     * generated one on every server, however the server reports the missing file (Open Liberty throws
     * FileNotFoundException). It also registers {@code SwitchableSource}, the section whose source the
     * operations tests break. Not a {@link Variant}: only those tests are about it.
     */
    public static final String NO_ROBOTS = "norobots";

    private static List<Path> built;

    private TestWars() {}

    /** The built WARs, in {@link Variant} order; compiles and packs them on the first call. */
    public static synchronized List<Path> all() {
        if (built == null) {
            Path out = Settings.dir("wars");
            Dirs.delete(out);
            List<Path> wars = new ArrayList<>();
            for (Variant v : Variant.values()) {
                wars.add(build(v, out));
            }
            wars.add(withoutRobots(out.resolve(Variant.INDEXED.context()), out));
            built = List.copyOf(wars);
        }
        return built;
    }

    /** The indexed WAR's staged files less robots.txt, with the switchable section, packed as norobots.war. */
    private static Path withoutRobots(Path indexedStage, Path out) {
        Path stage = out.resolve(NO_ROBOTS);
        Dirs.copyTree(indexedStage, stage);
        Dirs.delete(stage.resolve("robots.txt"));
        Path services = stage.resolve("WEB-INF/classes/META-INF/services");
        Dirs.createDirectories(services);
        Dirs.write(services.resolve("org.sitemapkit.source.UrlSource"), "org.sitemapkit.itwar.SwitchableSource\n");
        Path war = out.resolve(NO_ROBOTS + ".war");
        Dirs.zip(stage, war);
        return war;
    }

    /** The built WAR of one variant. */
    public static Path war(Variant variant) {
        return all().get(variant.ordinal());
    }

    /** The WAR's static files as they are in the sources, to compare what the servers answer with. */
    public static Path webappSource(String relativePath) {
        return Settings.warSources().resolve("webapp").resolve(relativePath);
    }

    private static Path build(Variant variant, Path out) {
        Path stage = out.resolve(variant.context());
        Path classes = stage.resolve("WEB-INF/classes");
        Dirs.copyTree(Settings.warSources().resolve("webapp"), stage);
        Dirs.createDirectories(classes);
        compile(variant, classes);
        boolean indexed = Files.isRegularFile(stage.resolve(INDEX_ENTRY));
        if (indexed != (variant == Variant.INDEXED)) {
            throw new IllegalStateException(variant + ": " + INDEX_ENTRY + (indexed ? " was" : " was not")
                    + " written; javac's processor options did not do what this builder expects");
        }
        Path lib = stage.resolve("WEB-INF/lib");
        for (Path jar : sitemapKitJars()) {
            Dirs.copy(jar, lib.resolve(jar.getFileName()));
        }
        Path war = out.resolve(variant.context() + ".war");
        Dirs.zip(stage, war);
        return war;
    }

    private static void compile(Variant variant, Path classes) {
        List<String> args = javacArgs(classes, sitemapKitJars());
        if (variant == Variant.INDEXED) {
            // Named on the processor path, as Maven's annotationProcessorPaths does: JDK 23+ ignore processors
            // that are only on the class path.
            args.addAll(List.of(
                    "-processorpath",
                    classPath(Stream.concat(sitemapKitJars().stream(), Stream.of(processorJar()))
                            .toList())));
        } else {
            args.add("-proc:none");
        }
        for (Path source : Dirs.files(Settings.warSources().resolve("java"), ".java")) {
            args.add(source.toString());
        }
        javac(args);
    }

    /** The context root of {@link #feed()}. */
    public static final String FEED = "feed";

    /** The context root of the same WAR whose persistence unit does not list SitemapKit's mapping file. */
    public static final String FEED_UNMAPPED = "feed-unmapped";

    private static Path feed;
    private static Path feedUnmapped;

    /**
     * A JPA WAR (src/feedwar): an entity marked {@code @SitemapSection}, JAX-RS writes in JTA
     * transactions, and a stable section over the server's default data source; core alone in
     * WEB-INF/lib. Built once per test JVM.
     */
    public static synchronized Path feed() {
        if (feed == null) {
            Path out = Settings.dir("feed-war");
            Dirs.delete(out);
            Path source = Settings.warSources().resolveSibling("feedwar");
            Path stage = out.resolve(FEED);
            Path classes = stage.resolve("WEB-INF/classes");
            Dirs.copyTree(source.resolve("webapp"), stage);
            Dirs.createDirectories(classes);
            Path core = sitemapKitJars().get(0);
            List<String> args = javacArgs(classes, List.of(core));
            args.add("-proc:none");
            for (Path java : Dirs.files(source.resolve("java"), ".java")) {
                args.add(java.toString());
            }
            javac(args);
            Dirs.copy(core, stage.resolve("WEB-INF/lib").resolve(core.getFileName()));
            feed = out.resolve(FEED + ".war");
            Dirs.zip(stage, feed);
            Path unmapped = out.resolve(FEED_UNMAPPED);
            Dirs.copyTree(stage, unmapped);
            Path persistence = unmapped.resolve("WEB-INF/classes/META-INF/persistence.xml");
            try {
                Dirs.write(
                        persistence,
                        Files.readString(persistence).replaceAll("\\s*<mapping-file>[^<]*</mapping-file>", ""));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            feedUnmapped = out.resolve(FEED_UNMAPPED + ".war");
            Dirs.zip(unmapped, feedUnmapped);
        }
        return feed;
    }

    /** {@link #feed()} without the mapping-file line: an ORM other than Hibernate does not hear its entities. */
    public static synchronized Path feedUnmapped() {
        feed();
        return feedUnmapped;
    }

    /** javac's options for a WAR's classes: Java 17, every warning an error, the APIs and {@code jars} to compile against. */
    private static List<String> javacArgs(Path classes, List<Path> jars) {
        return new ArrayList<>(List.of(
                "--release",
                "17",
                "-encoding",
                "UTF-8",
                "-Xlint:all,-processing",
                "-Werror",
                "-d",
                classes.toString(),
                "-classpath",
                classPath(Stream.concat(apiJars().stream(), jars.stream()).toList())));
    }

    private static void javac(List<String> args) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler: the tests must run on a JDK, not a JRE");
        }
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int status = javac.run(null, log, log, args.toArray(new String[0]));
        if (status != 0) {
            throw new IllegalStateException(
                    "javac " + args + " failed (" + status + "):\n" + log.toString(StandardCharsets.UTF_8));
        }
    }

    /** sitemapkit-core and sitemapkit-jaxrs as the reactor just built them. */
    static List<Path> sitemapKitJars() {
        return List.of(
                Settings.dir("war-lib").resolve("sitemapkit-core.jar"),
                Settings.dir("war-lib").resolve("sitemapkit-jaxrs.jar"));
    }

    /** sitemapkit-jaxrs-processor: on the processor path only, never in the WAR. */
    static Path processorJar() {
        return Settings.dir("war-lib").resolve("sitemapkit-jaxrs-processor.jar");
    }

    /** The Jakarta EE APIs the WAR compiles against; the servers bring their own at run time. */
    private static List<Path> apiJars() {
        return Dirs.files(Settings.dir("war-api"), ".jar");
    }

    private static String classPath(List<Path> jars) {
        for (Path jar : jars) {
            if (!Files.isRegularFile(jar)) {
                throw new UncheckedIOException(new IOException(jar + " is missing: run the module through Maven "
                        + "(mvn -pl server-tests verify), which copies it at pre-integration-test"));
            }
        }
        return jars.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }
}
