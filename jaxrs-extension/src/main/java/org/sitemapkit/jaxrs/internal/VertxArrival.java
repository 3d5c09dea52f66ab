package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.container.ContainerRequestContext;
import java.lang.System.Logger.Level;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.sitemapkit.internal.engine.Engine;

/**
 * Where a request arrived on Quarkus REST, and from whom: the Vert.x {@code HttpServerRequest} under the JAX-RS
 * request ({@code localAddress()}, {@code isSSL()}, its connection's peer), the one Quarkus REST injects with
 * {@code @Context}, reached from the filter's request context through the public interfaces of
 * RESTEasy Reactive's server SPI. Made only on Quarkus, and by reflection, so that neither Vert.x nor
 * RESTEasy Reactive is needed to build or to load this jar anywhere else.
 */
final class VertxArrival {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");

    private final Class<?> spiContext;
    private final Method serverContext;
    private final Method unwrap;
    private final Class<?> vertxRequest;
    private final Method localAddress;
    private final Method ssl;
    private final Method host;
    private final Method port;
    private final Method connection;
    private final Method peer;
    private final UnknownOrigin unknown = new UnknownOrigin("Quarkus REST");

    private VertxArrival(ClassLoader loader) throws ReflectiveOperationException {
        spiContext = Class.forName(
                "org.jboss.resteasy.reactive.server.spi.ResteasyReactiveContainerRequestContext", false, loader);
        serverContext = spiContext.getMethod("getServerRequestContext");
        unwrap = Class.forName("org.jboss.resteasy.reactive.server.core.ResteasyReactiveRequestContext", false, loader)
                .getMethod("unwrap", Class.class);
        vertxRequest = Class.forName("io.vertx.core.http.HttpServerRequest", false, loader);
        localAddress = vertxRequest.getMethod("localAddress");
        ssl = vertxRequest.getMethod("isSSL");
        Class<?> socketAddress = Class.forName("io.vertx.core.net.SocketAddress", false, loader);
        host = socketAddress.getMethod("hostAddress");
        port = socketAddress.getMethod("port");
        connection = vertxRequest.getMethod("connection");
        peer = Class.forName("io.vertx.core.http.HttpConnection", false, loader).getMethod("remoteAddress");
    }

    /** The reader of Quarkus REST's requests, or null where its types are not there. */
    static VertxArrival of(ClassLoader loader) {
        try {
            return new VertxArrival(loader);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            LOG.log(Level.DEBUG, "sitemapkit: Quarkus REST's request types are not here: {0}", e.toString());
            return null;
        }
    }

    /**
     * The address of the connection's peer: the socket's, which Quarkus' {@code proxy-address-forwarding} does not
     * rewrite (it rewrites the request's {@code remoteAddress()} from headers a client can forge), so that the status
     * view's {@code loopback} rule decides on who really connected. Null when Quarkus REST does not say.
     */
    String peer(ContainerRequestContext request) {
        try {
            Object vertx = vertx(request);
            Object conn = vertx == null ? null : connection.invoke(vertx);
            Object address = conn == null ? null : peer.invoke(conn);
            return address == null ? null : (String) host.invoke(address);
        } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
            LOG.log(Level.DEBUG, "sitemapkit: Quarkus REST gave no peer address: {0}", e.toString());
            return null;
        }
    }

    /** The Vert.x request under {@code request}, or null. */
    private Object vertx(ContainerRequestContext request) throws IllegalAccessException, InvocationTargetException {
        if (!spiContext.isInstance(request)) {
            return null;
        }
        Object context = serverContext.invoke(request);
        return unwrap.getDeclaringClass().isInstance(context) ? unwrap.invoke(context, vertxRequest) : null;
    }

    /** Tells {@code engine} where {@code request} arrived, when Quarkus REST says. */
    void tell(ContainerRequestContext request, Engine engine) {
        try {
            if (!spiContext.isInstance(request)) {
                unknown.say("its request context is a " + request.getClass().getName());
                return;
            }
            Object vertx = vertx(request);
            Object address = vertx == null ? null : localAddress.invoke(vertx);
            if (address == null) {
                unknown.say("it gave no Vert.x request with a local address");
                return;
            }
            engine.arrivedOn(
                    (String) host.invoke(address), (Integer) port.invoke(address), (Boolean) ssl.invoke(vertx));
        } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
            unknown.say(e.toString());
        }
    }
}
