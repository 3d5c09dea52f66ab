package org.sitemapkit.jaxrs.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.sitemapkit.jaxrs.internal.IndexFile;

/**
 * The processor under the other JDKs installed beside the one running the tests (this machine
 * has a JDK 25 under /usr/lib/jvm): their javac, as a process, with the processor on the
 * processor path as annotationProcessorPaths passes it — the index is written and a mistake
 * fails the build on its line — and with the processor only on the class path, where JDK 23
 * and later no longer run it.
 */
class OtherJdkTest {
    private static final String GOOD = ClassPathDiscoveryTest.SOURCE;
    private static final String BAD = GOOD.replace("priority = 0.3", "priority = 2");

    /** javac of every JDK under the parent of this JDK's home other than this one. */
    static List<Path> otherJavacs() throws IOException {
        Path home = Paths.get(System.getProperty("java.home")).toRealPath();
        Path parent = home.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> jdks = Files.list(parent)) {
            List<Path> found = new ArrayList<>();
            for (Path jdk : jdks.collect(Collectors.toList())) {
                Path javac = jdk.resolve("bin/javac");
                if (Files.isExecutable(javac)
                        && !jdk.toRealPath().equals(home)
                        && found.stream().noneMatch(p -> realJdk(p).equals(realJdk(javac)))) {
                    found.add(javac);
                }
            }
            return found;
        }
    }

    private static Path realJdk(Path javac) {
        try {
            return javac.toRealPath().getParent().getParent();
        } catch (IOException e) {
            return javac;
        }
    }

    @Test
    void everyOtherInstalledJdkRunsTheProcessorFromTheProcessorPath() throws Exception {
        List<Path> javacs = otherJavacs();
        Assumptions.assumeFalse(javacs.isEmpty(), "no other JDK installed beside " + System.getProperty("java.home"));
        for (Path javac : javacs) {
            int feature = feature(javac);
            Result good = compile(
                    javac,
                    "good",
                    GOOD,
                    "-classpath",
                    JavacFiles.classPath(),
                    "-processorpath",
                    JavacFiles.classPath());
            assertEquals(0, good.status, javac + ":\n" + good.log);
            assertTrue(
                    Files.readString(good.out.resolve(IndexFile.RESOURCE)).contains("/hello/world"), javac.toString());

            Result bad = compile(
                    javac, "bad", BAD, "-classpath", JavacFiles.classPath(), "-processorpath", JavacFiles.classPath());
            assertTrue(bad.status != 0, javac + " accepted priority 2");
            assertTrue(
                    bad.log.contains("Hello.java:6: error:") && bad.log.contains("priority"), javac + ":\n" + bad.log);

            Result classPathOnly = compile(javac, "class-path", GOOD, "-classpath", JavacFiles.classPath());
            assertEquals(0, classPathOnly.status, javac + ":\n" + classPathOnly.log);
            assertEquals(
                    feature < 23,
                    Files.exists(classPathOnly.out.resolve(IndexFile.RESOURCE)),
                    "JDK " + feature + " and a processor only on the class path");
            if (feature >= 23) {
                assertFalse(Files.exists(classPathOnly.out.resolve(IndexFile.RESOURCE)));
            }
        }
    }

    private static final class Result {
        final int status;
        final String log;
        final Path out;

        Result(int status, String log, Path out) {
            this.status = status;
            this.log = log;
            this.out = out;
        }
    }

    private static int feature(Path javac) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(javac.toString(), "-version")
                .redirectErrorStream(true)
                .start();
        String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String number = v.replaceAll("^javac ", "");
        return Integer.parseInt(number.split("[.\\-+]")[0]);
    }

    private static Result compile(Path javac, String name, String source, String... options)
            throws IOException, InterruptedException {
        Path dir = Paths.get(
                System.getProperty("jaxrs.test.work", "target/test-work"),
                "other-jdk",
                javac.getParent().getParent().getFileName() + "-" + name);
        Path src = dir.resolve("src/demo/Hello.java");
        Path out = dir.resolve("out");
        Files.createDirectories(src.getParent());
        Files.createDirectories(out);
        try (Stream<Path> old = Files.list(out)) {
            for (Path f : old.collect(Collectors.toList())) {
                JavacFiles.deleteTree(f);
            }
        }
        Files.writeString(src, source, StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>(List.of(javac.toString()));
        command.addAll(List.of(options));
        command.addAll(List.of("--release", "17", "-d", out.toString(), src.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "javac did not finish: " + command);
        return new Result(p.exitValue(), log, out);
    }
}
