package org.sitemapkit.jaxrs.edge;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.stream.Stream;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** A section whose rows come from a database that is down: its provider throws. */
@Path("broken")
public class Broken {
    /** The provider: the database connection fails. */
    public static final class Down implements PathParamsProvider {
        @Override
        public Stream<PathParams> params(PathParamsContext context) {
            throw new IllegalStateException("database connection lost");
        }
    }

    @GET
    @Path("{id}")
    @SitemapEntry(section = "broken", params = Down.class)
    public String item(@PathParam("id") long id) {
        return "item " + id;
    }
}
