package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.lang.annotation.Annotation;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.sitemapkit.internal.http.Answer;
import org.sitemapkit.internal.http.Documents;
import org.sitemapkit.internal.http.Exchange;
import org.sitemapkit.model.Site;

/**
 * SitemapKit's documents served from inside the JAX-RS runtime, for runtimes without servlets
 * (Quarkus REST, Helidon MP): before matching, a request for one of them is answered with the
 * same bytes and headers as the servlet filter sends; any other request goes on untouched. For
 * robots.txt the application answers first, and this filter amends that answer on its way out.
 */
@PreMatching
final class RestFilter implements ContainerRequestFilter, ContainerResponseFilter {
    /** Set on a robots.txt request: the site whose file the application's answer becomes. */
    private static final String ROBOTS = RestFilter.class.getName() + ".robots";
    /** Past this an entity is not a robots.txt we could amend; it goes out as it is. */
    private static final int LIMIT = 4 << 20;

    private final Documents documents;
    /** The application's configuration, complete once it serves: whether it re-encodes answers. */
    private final Configuration config;
    /**
     * Whether robots.txt is answered here, before matching: on Quarkus, where a request no resource
     * matches never comes back through JAX-RS, so the application's answer cannot be amended.
     */
    private final boolean answerRobots;

    /** On Quarkus REST, where requests arrive, for page checks; else null. */
    private final VertxArrival arrival;

    private volatile Boolean encodes;

    RestFilter(Documents documents, Configuration config, boolean answerRobots, VertxArrival arrival) {
        this.documents = documents;
        this.config = config;
        this.answerRobots = answerRobots;
        this.arrival = arrival;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (arrival != null && !documents.engine().knowsOrigin()) { // page checks go where requests arrive
            arrival.tell(request, documents.engine());
        }
        RestExchange exchange = new RestExchange(request, encodes(), arrival);
        Answer answer = documents.answer(exchange);
        switch (answer.kind()) {
            case PASS:
                return;
            case ROBOTS:
                if (answerRobots) {
                    Site site = answer.site();
                    byte[] file = documents.engine().robots().unanswered(site, answer.sitemaps());
                    request.abortWith(response(documents.robots(exchange, file), exchange.encodes));
                } else {
                    request.setProperty(ROBOTS, answer); // the site and the sitemaps to list, for the answer
                }
                return;
            default:
                request.abortWith(response(answer, exchange.encodes));
        }
    }

    /** Interceptors that apply a content coding to what they write, by their type or a supertype. */
    private static final Set<String> ENCODERS = Set.of(
            "org.glassfish.jersey.spi.ContentEncoder",
            "org.glassfish.jersey.server.filter.EncodingFilter",
            "org.jboss.resteasy.plugins.interceptors.GZIPEncodingInterceptor",
            "org.jboss.resteasy.plugins.interceptors.encoding.GZIPEncodingInterceptor");

    /**
     * Whether the application re-encodes what it sends (Jersey's {@code EncodingFilter} and its
     * encoders, RESTEasy's gzip interceptor): then SitemapKit sends identity bytes and leaves the
     * content coding and the length to it, or the stored gzip would be encoded twice and cut short.
     * Other interceptors (logging, tracing) leave the bytes alone and change nothing here.
     */
    private boolean encodes() {
        Boolean e = encodes;
        if (e == null) {
            boolean found = false;
            for (Class<?> c : config.getClasses()) {
                found |= encoder(c);
            }
            for (Object o : config.getInstances()) {
                found |= encoder(o.getClass());
            }
            encodes = e = found;
        }
        return e;
    }

    private static boolean encoder(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (ENCODERS.contains(c.getName())) {
                return true;
            }
        }
        return false;
    }

    private static Response response(Answer answer, boolean encodes) {
        Response.ResponseBuilder b = Response.status(answer.status());
        for (String[] header : answer.headers()) {
            b.header(header[0], header[1]);
        }
        if (answer.contentType() != null) {
            b.header("Content-Type", answer.contentType()); // as written, as the servlet filter sends it
        }
        // a HEAD gets the entity too, which the runtime does not send, so its length is the 200's; a
        // 304 gets no length at all: Helidon refuses a 304 that names one above zero
        if (answer.status() != 304) {
            if (!encodes) {
                b.header("Content-Length", Integer.toString(answer.length()));
            }
            byte[] stored = answer.storedBytes();
            b.entity(stored != null ? stored : (StreamingOutput) answer::writeBody);
        }
        return b.build();
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) throws IOException {
        if (!(request.getProperty(ROBOTS) instanceof Answer robots)) {
            return;
        }
        Site site = robots.site();
        request.removeProperty(ROBOTS);
        int status = response.getStatus();
        MediaType type = response.getMediaType();
        String charset = type == null ? null : type.getParameters().get(MediaType.CHARSET_PARAMETER);
        byte[] body = status == 200 ? entity(site, response, charset) : new byte[0];
        List<String> sitemaps = robots.sitemaps();
        byte[] file = status == 404
                ? documents.engine().robots().unanswered(site, sitemaps)
                : documents.engine().robots().answered(site, status, body, charset, sitemaps);
        if (file == null) {
            return;
        }
        RestExchange exchange = new RestExchange(request, encodes(), arrival);
        Answer answer = documents.robots(exchange, file);
        MultivaluedMap<String, Object> headers = response.getHeaders();
        for (String name : new ArrayList<>(headers.keySet())) {
            if (replaced(name)) {
                headers.remove(name);
            }
        }
        response.setStatus(answer.status());
        if (answer.status() == 304) {
            response.setEntity(null);
        } else {
            response.setEntity(answer.storedBytes(), new Annotation[0], MediaType.valueOf(answer.contentType()));
        }
        // after the entity, which some runtimes (Quarkus REST) set with headers of their own
        headers = response.getHeaders();
        for (String[] header : answer.headers()) {
            headers.putSingle(header[0], header[1]);
        }
        if (answer.status() != 304 && !exchange.encodes) {
            headers.putSingle("Content-Length", Integer.toString(answer.length()));
        }
    }

    /** Headers of the application's answer that describe its body or its validators, not ours. */
    private static final Set<String> REPLACED = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);

    static {
        REPLACED.addAll(List.of(
                "Content-Length", "Content-Encoding", "Content-Type", "ETag", "Last-Modified", "Cache-Control"));
    }

    private static boolean replaced(String name) {
        return REPLACED.contains(name);
    }

    /**
     * The application's robots.txt as bytes, when its entity is text this filter can read (a
     * String, bytes or a stream); else null, and the answer goes out as the application made it.
     */
    private byte[] entity(Site site, ContainerResponseContext response, String name) throws IOException {
        Object entity = response.getEntity();
        if (entity instanceof byte[] bytes) {
            return bytes;
        }
        if (entity instanceof String text) {
            Charset charset = StandardCharsets.UTF_8;
            try {
                charset = name == null ? charset : Charset.forName(name);
            } catch (IllegalArgumentException e) {
                // named but unknown: RobotsFiles refuses it below, as the servlet filter does
            }
            return text.getBytes(charset);
        }
        if (entity instanceof InputStream in) {
            byte[] bytes = in.readNBytes(LIMIT + 1);
            if (bytes.length > LIMIT) {
                documents
                        .engine()
                        .robots()
                        .warnOnce(
                                site,
                                "the application's /robots.txt is over " + LIMIT
                                        + " bytes, too large to amend; served as it is, without the Sitemap line");
                // what was read, then the rest: the application's answer goes out whole
                response.setEntity(new SequenceInputStream(new ByteArrayInputStream(bytes), in));
                return null;
            }
            in.close();
            response.setEntity(bytes); // read once: the original answer goes out from these bytes
            return bytes;
        }
        documents
                .engine()
                .robots()
                .warnOnce(
                        site,
                        "the application answers /robots.txt with a "
                                + (entity == null
                                        ? "response without a body"
                                        : entity.getClass().getName())
                                + ", which the JAX-RS filter cannot read; served as the application made it,"
                                + " without the Sitemap line");
        return null;
    }

    /** A JAX-RS request as the serving logic reads it. */
    private static final class RestExchange implements Exchange {
        private final ContainerRequestContext request;
        private final URI uri;
        private final String contextPath;
        /** The application re-encodes: SitemapKit then offers no coding of its own. */
        final boolean encodes;
        /** On Quarkus REST, who tells the peer's address; else null, and the peer is unknown. */
        private final VertxArrival arrival;

        RestExchange(ContainerRequestContext request, boolean encodes, VertxArrival arrival) {
            this.request = request;
            this.encodes = encodes;
            this.arrival = arrival;
            this.uri = request.getUriInfo().getRequestUri();
            String base = request.getUriInfo().getBaseUri().getRawPath();
            base = base == null ? "" : base;
            this.contextPath = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        }

        @Override
        public String method() {
            return request.getMethod();
        }

        @Override
        public String header(String name) {
            if (encodes && name.equalsIgnoreCase("Accept-Encoding")) {
                return null; // the application's encoder negotiates; SitemapKit sends identity
            }
            return request.getHeaderString(name);
        }

        @Override
        public String query() {
            return uri.getRawQuery();
        }

        @Override
        public String path() {
            String raw = uri();
            return raw.startsWith(contextPath) ? raw.substring(contextPath.length()) : raw;
        }

        @Override
        public String uri() {
            String raw = uri.getRawPath();
            return raw == null ? "" : raw;
        }

        @Override
        public String scheme() {
            return uri.getScheme();
        }

        /**
         * Unknown: JAX-RS does not say which port a request arrived on, and the request URI's port
         * is the Host header's. An allowed host without a port then matches only requests whose
         * Host has none; list {@code host:port} for the others.
         */
        @Override
        public int localPort() {
            return -2;
        }

        @Override
        public String contextPath() {
            return contextPath;
        }

        /** The connection's peer on Quarkus REST, asked only when a decision needs it; null elsewhere. */
        @Override
        public String remoteAddress() {
            return arrival == null ? null : arrival.peer(request);
        }
    }
}
