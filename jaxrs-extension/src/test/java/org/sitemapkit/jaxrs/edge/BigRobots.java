package org.sitemapkit.jaxrs.edge;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** A robots.txt over 4 MiB, streamed: too large to amend, it must still go out whole. */
@Path("robots.txt")
public class BigRobots {
    public static final int SIZE;
    private static final byte[] BODY;

    static {
        StringBuilder b = new StringBuilder("User-agent: *\n");
        while (b.length() < (5 << 20)) {
            b.append("Disallow: /some/long/path/that/is/repeated/many/times\n");
        }
        BODY = b.toString().getBytes(StandardCharsets.US_ASCII);
        SIZE = BODY.length;
    }

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public InputStream robots() {
        return new ByteArrayInputStream(BODY);
    }
}
