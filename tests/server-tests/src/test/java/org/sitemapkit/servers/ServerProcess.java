package org.sitemapkit.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.sitemapkit.testsupport.Dirs;

/**
 * A server started as a child process, its stdout and stderr going to one log file. Stopping it stops the whole
 * process tree (a start script's JVM is its child) and kills what is left after a grace period.
 */
final class ServerProcess implements AutoCloseable {

    private static final Duration GRACE = Duration.ofSeconds(20);

    private final String name;
    private final Process process;
    private final Path log;
    /** Stops the server if the test JVM is ended first (a failsafe timeout, Ctrl-C), so none outlives the build. */
    private final Thread onJvmExit;

    private ServerProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.onJvmExit = new Thread(this::stopTree, name + " stopper");
        Runtime.getRuntime().addShutdownHook(onJvmExit);
    }

    /** Starts {@code command} in {@code workDir} with extra environment variables; output is appended to log. */
    static ServerProcess start(String name, List<String> command, Path workDir, Map<String, String> env, Path log) {
        Dirs.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        try {
            return new ServerProcess(name, builder.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + ": " + command, e);
        }
    }

    /** What is left of the time until {@code deadline} (a System.nanoTime() value), never negative. */
    static Duration left(long deadline) {
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }

    Path log() {
        return log;
    }

    /**
     * Waits until {@code ready} holds, polling; fails with the log's tail when the process exits first or the
     * time is up.
     */
    void await(String what, Duration timeout, BooleanSupplier ready) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!ready.getAsBoolean()) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with status " + process.exitValue() + " before " + what
                        + "\n" + ServerLog.tail(log, 80));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        name + ": no " + what + " within " + timeout.toSeconds() + " s\n" + ServerLog.tail(log, 80));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name + ": " + what, e);
            }
        }
    }

    /** Whether some line of the log contains {@code text}. */
    boolean logContains(String text) {
        return ServerLog.lines(log).stream().anyMatch(l -> l.contains(text));
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onJvmExit);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook does the same
        }
        stopTree();
    }

    private void stopTree() {
        List<ProcessHandle> tree = process.descendants().toList();
        // The server JVM first: a start script waiting on its foreground JVM forwards no signal to it.
        tree.forEach(ProcessHandle::destroy);
        process.destroy();
        long deadline = System.nanoTime() + GRACE.toNanos();
        for (ProcessHandle p : tree) {
            waitFor(p, deadline);
        }
        waitFor(process.toHandle(), deadline);
    }

    /** Waits for one process until the shared deadline, then kills it and whatever it started. */
    private static void waitFor(ProcessHandle p, long deadline) {
        long left = deadline - System.nanoTime();
        try {
            p.onExit().get(Math.max(1, left), TimeUnit.NANOSECONDS);
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // still running after the grace period: killed below
        }
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
