package org.sitemapkit.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds the smallest heap a contender completes the workload with: child JVMs (java from
 * java.home, the harness's own class path) render to a discarding target under {@code -Xmx},
 * binary-searched between two bounds. A child that runs out of memory exits at once
 * ({@code -XX:+ExitOnOutOfMemoryError}); one that exceeds its timeout is killed and counts as
 * a failure.
 */
final class MemoryProbe {
    /** One child run. */
    static final class Attempt {
        final String contender;
        final int heapMb;
        final long urls;
        final boolean ok;
        final double seconds;
        final String note;

        Attempt(String contender, int heapMb, long urls, boolean ok, double seconds, String note) {
            this.contender = contender;
            this.heapMb = heapMb;
            this.urls = urls;
            this.ok = ok;
            this.seconds = seconds;
            this.note = note;
        }
    }

    /** The outcome of a search. */
    static final class Result {
        final String contender;
        final List<Attempt> attempts = new ArrayList<>();
        /** The smallest heap that passed, or -1 when even the top bound failed. */
        int smallestMb = -1;
        /** The largest heap that failed, or -1 when even the bottom bound passed. */
        int largestFailMb = -1;

        Result(String contender) {
            this.contender = contender;
        }

        Attempt atSmallest() {
            for (Attempt a : attempts) {
                if (a.ok && a.heapMb == smallestMb) {
                    return a;
                }
            }
            return null;
        }
    }

    private final Path scratch;
    private final long timeoutSeconds;

    MemoryProbe(Path scratch, long timeoutSeconds) {
        this.scratch = scratch;
        this.timeoutSeconds = timeoutSeconds;
    }

    Result search(String contender, long urls, int lowMb, int highMb, int resolutionMb) throws IOException {
        Result r = new Result(contender);
        Attempt top = run(contender, urls, highMb, timeoutSeconds);
        r.attempts.add(top);
        if (!top.ok) {
            r.largestFailMb = highMb;
            return r;
        }
        Attempt bottom = run(contender, urls, lowMb, timeoutSeconds);
        r.attempts.add(bottom);
        if (bottom.ok) {
            r.smallestMb = lowMb;
            return r;
        }
        int lo = lowMb;
        int hi = highMb;
        while (hi - lo > resolutionMb) {
            int mid = lo + (hi - lo) / 2;
            Attempt a = run(contender, urls, mid, timeoutSeconds);
            r.attempts.add(a);
            if (a.ok) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        r.smallestMb = hi;
        r.largestFailMb = lo;
        return r;
    }

    /** One child: {@code java -Xmx{heap}m -cp <harness> Main --child <contender> <urls> <scratch>}. */
    Attempt run(String contender, long urls, int heapMb, long timeout) throws IOException {
        Path dir = Files.createTempDirectory(scratch, "child-" + contender + "-");
        Path log = scratch.resolve("child-" + contender + "-" + heapMb + "m.log");
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(
                java,
                "-Xmx" + heapMb + "m",
                "-XX:+ExitOnOutOfMemoryError",
                "-cp",
                childClassPath(contender),
                Main.class.getName(),
                "--child",
                contender,
                Long.toString(urls),
                dir.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        long start = System.nanoTime();
        Process p = pb.start();
        boolean ok;
        String note;
        try {
            boolean done = p.waitFor(timeout, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                ok = false;
                note = "timed out after " + timeout + " s";
            } else {
                String out = Files.readString(log, StandardCharsets.UTF_8);
                ok = p.exitValue() == 0 && out.contains("CHILD-OK");
                note = ok ? lastLine(out, "CHILD-OK") : "exit " + p.exitValue() + ": " + firstProblem(out);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            Main.deleteTree(dir);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "    %-18s -Xmx%4dm %,12d URLs: %s (%.1f s) %s%n",
                contender, heapMb, urls, ok ? "ok  " : "FAIL", seconds, ok ? "" : note);
        Files.deleteIfExists(log);
        return new Attempt(contender, heapMb, urls, ok, seconds, note);
    }

    /**
     * The child's class path: the harness's classes and only the jars its contender runs on, taken
     * from {@code bench-lib/} beside the harness jar (the build copies them there). The shaded jar
     * itself would cost every child the index of its 30,000 entries, about 3 MB held by the JDK's
     * zip reader for as long as the jar is open: a humongous object the probe would charge to the
     * contender. Without those folders (the harness run from elsewhere), the harness's own class
     * path, and {@link #classPathNote()} says so.
     */
    static String childClassPath(String contender) {
        Path classes = thinClasses();
        if (classes == null) {
            return System.getProperty("java.class.path");
        }
        Path lib = classes.resolveSibling("bench-lib");
        List<String> wanted = new ArrayList<>(List.of("sitemapkit-core-", "jakarta.servlet-api-"));
        if (contender.equals("sitemapgen4j") || contender.equals("jsitemapgenerator")) {
            wanted.add(contender + "-");
        }
        StringBuilder cp = new StringBuilder(classes.toString());
        try (var jars = Files.list(lib)) {
            jars.filter(j -> wanted.stream()
                            .anyMatch(w -> j.getFileName().toString().startsWith(w)))
                    .sorted()
                    .forEach(j -> cp.append(java.io.File.pathSeparatorChar).append(j));
        } catch (IOException e) {
            return System.getProperty("java.class.path");
        }
        return cp.toString();
    }

    /** One line for the report: which class path the children had. */
    static String classPathNote() {
        return thinClasses() != null
                ? "each child runs on the harness's classes and its contender's jars only (bench-lib/), not the"
                        + " shaded jar, whose entry index alone would hold about 3 MB of the heap"
                : "each child runs on the harness's own class path (no bench-lib/ beside it): the heap includes"
                        + " the class path's jar indexes, about 3 MB for the shaded jar";
    }

    /**
     * {@code target/classes} beside the shaded jar the harness runs from, when {@code bench-lib/}
     * is there too; else null.
     */
    private static Path thinClasses() {
        String cp = System.getProperty("java.class.path");
        if (cp.contains(java.io.File.pathSeparator) || !cp.endsWith(".jar")) {
            return null;
        }
        Path jar = Paths.get(cp).toAbsolutePath();
        Path classes = jar.resolveSibling("classes");
        return Files.isDirectory(classes.resolve("org/sitemapkit/bench"))
                        && Files.isDirectory(classes.resolveSibling("bench-lib"))
                ? classes
                : null;
    }

    private static String lastLine(String out, String marker) {
        String found = "";
        try (BufferedReader r = new BufferedReader(new StringReader(out))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.contains(marker)) {
                    found = line.trim();
                }
            }
        } catch (IOException e) {
            return found;
        }
        return found;
    }

    private static String firstProblem(String out) {
        for (String line : out.split("\n")) {
            if (line.contains("OutOfMemoryError") || line.contains("Exception") || line.contains("Error")) {
                return line.trim().length() > 200 ? line.trim().substring(0, 200) : line.trim();
            }
        }
        String t = out.trim();
        return t.isEmpty() ? "no output" : t.substring(Math.max(0, t.length() - 200));
    }

    /** The child's side: render to a discarding target, print one line, exit 0. */
    static void child(Contender c, long urls, Path dir) throws Exception {
        Target.Discard target = new Target.Discard(dir);
        long start = System.nanoTime();
        c.run(urls, target);
        double seconds = (System.nanoTime() - start) / 1e9;
        long bytes = target.bytes() + Verifier.bytes(dir);
        long files = target.files() + Verifier.files(dir).size();
        System.out.printf("CHILD-OK %s urls=%d files=%d bytes=%d seconds=%.3f%n", c.id(), urls, files, bytes, seconds);
        System.out.flush();
    }
}
