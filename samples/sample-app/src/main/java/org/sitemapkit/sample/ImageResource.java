package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.List;

/**
 * The product pictures: an SVG drawn from the template {@code product.svg} next to this class, so that every
 * {@code <image:loc>} in the sitemap answers 200 without shipping 120,000 files.
 */
@Path("images")
public class ImageResource {

    /** The SVG media type. */
    static final String SVG = "image/svg+xml";

    private static final String TEMPLATE = load("product.svg");
    private static final List<String> COLORS =
            List.of("#e4572e", "#29335c", "#f3a712", "#669bbc", "#a8c686", "#8e6c8a");

    @Context
    private ServletContext servletContext;

    /** Made by Jersey, once per request. */
    public ImageResource() {
        // fields are injected
    }

    /**
     * A product's picture.
     *
     * @param id the product
     * @return the SVG, or 404 for an unknown product
     * @throws SQLException if the database fails
     */
    @GET
    @Path("products/{id}.svg")
    @Produces(SVG + ";charset=UTF-8")
    public Response product(@PathParam("id") long id) throws SQLException {
        Catalog.Product p = Catalog.of(servletContext).product(id).orElseThrow(NotFoundException::new);
        String svg = TEMPLATE.replace("{{color}}", COLORS.get((p.categoryId() - 1) % COLORS.size()))
                .replace("{{name}}", Html.text(p.name()))
                .replace("{{price}}", Html.text(p.price()));
        CacheControl cache = new CacheControl();
        cache.setMaxAge(86_400);
        return Response.ok(svg).cacheControl(cache).build();
    }

    private static String load(String name) {
        try (InputStream in = ImageResource.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " next to " + ImageResource.class);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
