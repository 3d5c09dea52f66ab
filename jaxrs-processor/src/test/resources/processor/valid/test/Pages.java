package test;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

@Path("/")
public class Pages {
  @GET
  @SitemapEntry(priority = 1.0, changefreq = Changefreq.DAILY)
  public String home() {
    return "home";
  }

  @GET
  @Path("/about/")
  @SitemapEntry(changefreq = Changefreq.MONTHLY, priority = 0)
  public String about() {
    return "about";
  }

  @GET
  @Path("café")
  @SitemapEntry(section = "extra-2")
  public String cafe() {
    return "café";
  }

  @GET
  @Path("cart")
  public String cart() {
    return "not a page";
  }

  @POST
  @Path("cart")
  public String add() {
    return "not a page";
  }

  /** A nested root resource: indexed by its binary name. */
  @Path("help")
  public static class Help {
    @GET
    @Path("{topic}")
    @SitemapEntry(params = TopicParams.class)
    public String topic(String topic) {
      return topic;
    }
  }
}
