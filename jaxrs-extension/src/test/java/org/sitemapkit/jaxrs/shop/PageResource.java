package org.sitemapkit.jaxrs.shop;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

/** Static pages: three are in the sitemap, the cart is not. */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class PageResource {
    @GET
    @SitemapEntry(priority = 1.0, changefreq = Changefreq.DAILY)
    public String home() {
        return "<h1>home</h1>";
    }

    @GET
    @Path("about")
    @SitemapEntry(params = AboutLastmod.class)
    public String about() {
        return "<h1>about</h1>";
    }

    @GET
    @Path("über-uns")
    @SitemapEntry(changefreq = Changefreq.YEARLY)
    public String ueberUns() {
        return "<h1>über uns</h1>";
    }

    @GET
    @Path("cart")
    public String cart() {
        return "<h1>cart</h1>";
    }

    @POST
    @Path("cart")
    public String addToCart() {
        return "<h1>added</h1>";
    }
}
