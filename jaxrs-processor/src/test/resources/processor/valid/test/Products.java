package test;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.List;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

@Path("products")
public class Products {
  @GET
  @Path("{id}/{ slug }")
  @SitemapEntry(section = "products", changefreq = Changefreq.WEEKLY, priority = 0.25, params = ProductParams.class)
  public String product(@PathParam("id") long id, @PathParam("slug") String slug) {
    return slug;
  }

  @GET
  @Path("{id}/{slug}/reviews")
  @SitemapEntry(section = "products", params = InjectedParams.class)
  public <T extends CharSequence> String product(List<String> sort, T[] filters, int... pages) {
    return "reviews";
  }
}
