package org.sitemapkit.servers;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A server that runs as a child process (WildFly, Payara Micro, Open Liberty), once it is started: its
 * name, its HTTP port and its log. Each server's own class only knows how to start it.
 */
final class ProcessServer implements Server {
    private final String name;
    private final ServerProcess process;
    private final int port;
    private final Path log;
    private final URI readiness;
    private final Jmx jmx;

    /** {@code log} is read once it exists; until then (a start that failed early) the process output is. */
    ProcessServer(String name, ServerProcess process, int port, Path log) {
        this(name, process, port, log, null, null);
    }

    /** With MicroProfile Health's readiness document and the MBeans' connector, each null when there is none. */
    ProcessServer(String name, ServerProcess process, int port, Path log, URI readiness, Jmx jmx) {
        this.name = name;
        this.process = process;
        this.port = port;
        this.log = log;
        this.readiness = readiness;
        this.jmx = jmx;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public Path log() {
        return Files.exists(log) ? log : process.log();
    }

    @Override
    public Optional<URI> readiness() {
        return Optional.ofNullable(readiness);
    }

    @Override
    public Optional<Jmx> jmx() {
        return Optional.ofNullable(jmx);
    }

    @Override
    public void close() {
        process.close();
    }
}
