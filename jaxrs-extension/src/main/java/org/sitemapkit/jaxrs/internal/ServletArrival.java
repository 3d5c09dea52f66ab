package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Context;
import org.sitemapkit.internal.engine.Engine;

/**
 * Where a request arrived, for the JAX-RS filter in a servlet container that runs no SitemapKit
 * filter: the servlet request the JAX-RS runtime injects into this provider instance (a proxy for
 * the current request; tested on Jersey) gives the connector's local address and port, as the
 * servlet filter reads them; a runtime that injects none leaves one WARNING line. Registered beside {@link RestFilter} only there, so that no
 * other runtime loads a servlet type.
 */
@PreMatching
final class ServletArrival implements ContainerRequestFilter {
    private final Engine engine;

    @Context
    private HttpServletRequest request;

    private final UnknownOrigin unknown = new UnknownOrigin("the servlet container");

    ServletArrival(Engine engine) {
        this.engine = engine;
    }

    @Override
    public void filter(ContainerRequestContext context) {
        if (engine.knowsOrigin()) {
            return;
        }
        try {
            if (request != null) {
                engine.arrivedOn(
                        request.getLocalAddr(),
                        request.getLocalPort(),
                        request.getAttribute("jakarta.servlet.request.cipher_suite") != null);
                return;
            }
        } catch (RuntimeException e) {
            unknown.say(e.toString());
            return;
        }
        unknown.say("the JAX-RS runtime injected no servlet request");
    }
}
