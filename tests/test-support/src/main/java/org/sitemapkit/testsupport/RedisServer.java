package org.sitemapkit.testsupport;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway Redis from Debian's {@code redis-server} package: bound to 127.0.0.1 only, on a free
 * port, with no persistence (no snapshots, no append-only file), its working files in a temporary
 * folder that {@link #close} deletes with the server. Where the package is not installed, {@link
 * #start} skips the calling test with a message naming it.
 *
 * <p>For cut-off tests, {@link #kill} stops the server abruptly (connections refused, every key
 * lost) and {@link #restart} starts an empty one on the same port; {@link #freeze} stops the
 * process without closing its sockets (connections accepted, nothing answered, as behind a dead
 * network) and {@link #thaw} lets it go on with its data.
 */
public final class RedisServer implements AutoCloseable {
    /** Debian's server binary, from the package {@value #PACKAGE}. */
    public static final Path BINARY = Path.of("/usr/bin/redis-server");
    /** The Debian package that brings {@link #BINARY}. */
    public static final String PACKAGE = "redis-server";

    private static final long START_SECONDS = 30;

    private final int port;
    private final Path dir;
    private Process process;

    private RedisServer(int port, Path dir) {
        this.port = port;
        this.dir = dir;
    }

    /** Whether Debian's redis-server is installed here. */
    public static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /** A running server, answering PING; the calling test is skipped where redis-server is not installed. */
    public static RedisServer start() {
        assumeTrue(
                installed(),
                "Redis is not installed (Debian package " + PACKAGE + ", " + BINARY + "): its tests are skipped");
        RedisServer server = new RedisServer(FreePorts.take(1)[0], Dirs.createTemp("sitemapkit-redis-"));
        try {
            server.launch();
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** The port it listens on, on 127.0.0.1 only; the same after {@link #restart}. */
    public int port() {
        return port;
    }

    /** The address as Redis clients take it: {@code redis://127.0.0.1:PORT}. */
    public String address() {
        return "redis://127.0.0.1:" + port;
    }

    /** Whether the server process is running (a frozen one is). */
    public synchronized boolean running() {
        return process != null && process.isAlive();
    }

    /** Kills the server at once (SIGKILL): connections reset, then refused; its keys are gone. */
    public synchronized void kill() {
        if (process == null) {
            return;
        }
        thawQuietly();
        process.destroyForcibly();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("redis-server on port " + port + " did not die");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing redis-server", e);
        } finally {
            process = null;
        }
    }

    /** A new, empty server on the same port, answering PING when this returns; kills the running one first. */
    public synchronized void restart() {
        kill();
        launch();
    }

    /**
     * Stops the process (SIGSTOP) without closing anything: clients still connect, as the kernel
     * accepts for it, but get no answer, as behind a network that drops every packet.
     */
    public synchronized void freeze() {
        signal("-STOP");
    }

    /** Lets a {@link #freeze frozen} server go on (SIGCONT), with its keys and connections. */
    public synchronized void thaw() {
        signal("-CONT");
    }

    private void thawQuietly() {
        try {
            signal("-CONT");
        } catch (RuntimeException e) {
            // killed next anyway
        }
    }

    private void signal(String signal) {
        if (process == null) {
            throw new IllegalStateException("redis-server on port " + port + " is not running");
        }
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid()))
                    .redirectErrorStream(true)
                    .start();
            String out = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill " + signal + " " + process.pid() + " failed: " + out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling redis-server", e);
        }
    }

    private void launch() {
        List<String> command = List.of(
                BINARY.toString(),
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--protected-mode",
                "yes",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                dir.toString(),
                "--daemonize",
                "no",
                "--logfile",
                "");
        try {
            process = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            dir.resolve("redis.log").toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + BINARY, e);
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (!pong()) {
            if (!process.isAlive() || System.nanoTime() > until) {
                String log = log();
                kill();
                throw new IllegalStateException("redis-server did not answer PING on 127.0.0.1:" + port + ":\n" + log);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                kill();
                throw new IllegalStateException("interrupted while starting redis-server", e);
            }
        }
    }

    /** Whether the server answers PING with PONG now. */
    private boolean pong() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            s.setSoTimeout(1000);
            OutputStream out = s.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            byte[] answer = new byte[7];
            int n = 0;
            while (n < answer.length) {
                int r = in.read(answer, n, answer.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
            return new String(answer, 0, n, StandardCharsets.US_ASCII).equals("+PONG\r\n");
        } catch (IOException e) {
            return false;
        }
    }

    private String log() {
        try {
            return Files.readString(dir.resolve("redis.log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** Kills the server and deletes its folder. */
    @Override
    public synchronized void close() {
        try {
            kill();
        } finally {
            Dirs.delete(dir);
        }
    }

    @Override
    public String toString() {
        return "redis-server on " + address();
    }
}
