package org.sitemapkit.servers;

import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import org.sitemapkit.servers.TestWars.Variant;

/** A running server with both test WARs deployed, whatever runs it: a child process or this JVM. */
public interface Server extends AutoCloseable {

    /** For messages: "WildFly 39.0.1.Final". */
    String name();

    /** The HTTP port on 127.0.0.1. */
    int port();

    /** Where the server's output goes: what a failing test prints the tail of and scans for stack traces. */
    Path log();

    /** The application's root without a trailing slash, {@code http://127.0.0.1:PORT/indexed}. */
    default String base(Variant war) {
        return base(war.context());
    }

    /** The root of the application at this context path, without a trailing slash, as {@link #base(Variant)}. */
    default String base(String context) {
        return "http://127.0.0.1:" + port() + "/" + context;
    }

    /** MicroProfile Health's readiness document, where the server has MicroProfile Health (and the suite turns it on). */
    default Optional<URI> readiness() {
        return Optional.empty();
    }

    /** The server's MBeans as its management exposes them, where the suite reaches them. */
    default Optional<Jmx> jmx() {
        return Optional.empty();
    }

    /** Stops the server and everything it started; never throws, so it is safe in {@code @AfterAll}. */
    @Override
    void close();
}
