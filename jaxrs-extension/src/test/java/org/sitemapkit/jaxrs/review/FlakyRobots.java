package org.sitemapkit.jaxrs.review;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.atomic.AtomicInteger;

/** Answers robots.txt once, then fails as an application bug would (an unmapped exception). */
@Path("robots.txt")
public class FlakyRobots {
    public static final String RULES = "User-agent: *\nDisallow: /flaky\n";
    public static final AtomicInteger CALLS = new AtomicInteger();

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String robots() {
        if (CALLS.getAndIncrement() > 0) {
            throw new IllegalStateException("database down");
        }
        return RULES;
    }
}
