package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The shop as scripts run it, {@code java -jar target/sitemapkit-sample-app.jar ...}, in a child JVM. */
final class SampleProcess implements AutoCloseable {
    static final String READY = "Press Ctrl-C to stop.";
    private static final Pattern HOME = Pattern.compile("\\s*home page\\s+(http://\\S+/)");

    private final Process process;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final String home;

    private SampleProcess(Process process, List<String> seen, String home) {
        this.process = process;
        this.lines.addAll(seen);
        this.home = home;
    }

    /** Starts the shop and waits until it says it is ready; fails with its output if it does not. */
    static SampleProcess start(String... args) throws InterruptedException, IOException {
        Process p = java(args).start();
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        drain(p, queue);
        List<String> seen = new ArrayList<>();
        String home = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!seen.contains(READY) && System.nanoTime() < deadline) {
            String line = queue.poll(1, TimeUnit.SECONDS);
            if (line != null) {
                seen.add(line);
                Matcher m = HOME.matcher(line);
                home = m.matches() ? m.group(1) : home;
            } else if (!p.isAlive()) {
                break;
            }
        }
        if (home == null || !seen.contains(READY)) {
            p.destroyForcibly();
            throw new AssertionError("the shop did not start: " + String.join("\n", seen));
        }
        SampleProcess sample = new SampleProcess(p, seen, home);
        Thread keep = new Thread(
                () -> {
                    try {
                        while (true) {
                            sample.lines.add(queue.take());
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "child-lines");
        keep.setDaemon(true);
        keep.start();
        return sample;
    }

    /** The home page URL it logged, ending in {@code /}. */
    String home() {
        return home;
    }

    /** Everything it printed so far. */
    List<String> lines() {
        return List.copyOf(lines);
    }

    /** How many lines so far contain {@code text}. */
    long count(String text) {
        return lines.stream().filter(l -> l.contains(text)).count();
    }

    /** SIGTERM, as Ctrl-C or a service manager stops it; waits until it exited. */
    @Override
    public void close() {
        process.toHandle().destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    static ProcessBuilder java(String... args) {
        Path jar = Path.of(System.getProperty("sample.jar", "target/sitemapkit-sample-app.jar"));
        assertTrue(Files.isRegularFile(jar), jar + " is built by mvn package");
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true);
    }

    static Thread drain(Process p, BlockingQueue<String> lines) {
        Thread t = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line = r.readLine(); line != null; line = r.readLine()) {
                            lines.add(line);
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                "child-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
