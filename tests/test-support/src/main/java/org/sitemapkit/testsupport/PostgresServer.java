package org.sitemapkit.testsupport;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A throwaway PostgreSQL server from Debian's package ({@code postgresql}), in a temporary folder, listening on a
 * free port of 127.0.0.1 only, which lets its superuser {@code postgres} in without a password; stopped and
 * deleted by {@link #close}. Run as the {@code postgres} user when the tests run as root. Where the package is not
 * installed, the calling test is skipped with a message naming it.
 */
public final class PostgresServer implements AutoCloseable {
    private final int port;
    private final Path base;
    private final List<String> stop;

    private PostgresServer(int port, Path base, List<String> stop) {
        this.port = port;
        this.base = base;
        this.stop = stop;
    }

    /**
     * Creates a database cluster and starts its server, which answers when this returns.
     *
     * @return the running server
     * @throws IOException when the folder cannot be made or a program not started
     * @throws InterruptedException when interrupted while waiting for it
     */
    public static PostgresServer start() throws IOException, InterruptedException {
        Path bin;
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            bin = versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .sorted()
                    .reduce((a, b) -> b)
                    .orElse(null);
        } catch (IOException e) {
            bin = null;
        }
        assumeTrue(bin != null, "PostgreSQL is not installed (Debian package postgresql): its tests are skipped");
        Path base = Files.createTempDirectory("sitemapkit-pg-");
        List<String> as = new ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            Commands.run(List.of("chown", "postgres", base.toString()));
            as.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        int port = FreePorts.take(1)[0];
        Path data = base.resolve("data");
        Commands.run(concat(
                as,
                bin + "/initdb",
                "-D",
                data.toString(),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-sync"));
        Commands.run(concat(
                as,
                bin + "/pg_ctl",
                "-D",
                data.toString(),
                "-l",
                base.resolve("log").toString(),
                "-w",
                "-o",
                "-p " + port + " -c listen_addresses=127.0.0.1 -k " + base + " -c fsync=off",
                "start"));
        return new PostgresServer(
                port, base, concat(as, bin + "/pg_ctl", "-D", data.toString(), "-m", "immediate", "stop"));
    }

    private static PostgresServer shared;

    /**
     * One server for every test class of this JVM that asks, started by the first and stopped when the JVM ends
     * (after a Spring test context closed its pool): for test classes that cannot close it themselves.
     *
     * @return the running server
     * @throws IOException when the folder cannot be made or a program not started
     * @throws InterruptedException when interrupted while waiting for it
     */
    public static synchronized PostgresServer shared() throws IOException, InterruptedException {
        if (shared == null) {
            PostgresServer started = start();
            shared = started;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException e) {
                    // the JVM ends; the server's folder is a temporary one
                }
            }));
        }
        return shared;
    }

    /** The port it listens on, on 127.0.0.1. */
    public int port() {
        return port;
    }

    /** The JDBC URL of its database {@code postgres}, as the user {@code postgres}. */
    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres";
    }

    @Override
    public void close() throws IOException {
        try {
            Commands.run(stop);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping PostgreSQL", e);
        } finally {
            Dirs.delete(base);
        }
    }

    private static List<String> concat(List<String> prefix, String... args) {
        List<String> out = new ArrayList<>(prefix);
        out.addAll(List.of(args));
        return out;
    }
}
