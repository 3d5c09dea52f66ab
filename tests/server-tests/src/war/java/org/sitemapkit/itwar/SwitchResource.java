package org.sitemapkit.itwar;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import org.sitemapkit.SitemapKit;

/** Switches {@link SwitchableSource} off and has its section rendered again, which then fails. Not a page. */
@Path("switch-off")
public class SwitchResource {
    @Context
    ServletContext context;

    /** For the JAX-RS runtime. */
    public SwitchResource() {}

    @POST
    @Produces("text/plain")
    public String switchOff() {
        SwitchableSource.off = true;
        SitemapKit.of(context).invalidate("switchable");
        return "switched off\n";
    }
}
