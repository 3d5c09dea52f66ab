package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.sitemapkit.servlet.SitemapKit;

/**
 * The "when data changes" step: each change to a product tells SitemapKit which row changed, so only the
 * products page listing it is rendered again, and with {@code --indexnow-key} only its URL is submitted.
 * A real shop puts these behind its login; the sample has none.
 */
@Path("admin/products")
public class AdminResource {
    @Context
    private ServletContext servletContext;

    /** Made by Jersey, once per request. */
    public AdminResource() {
        // fields are injected
    }

    /**
     * Sets the product's {@code updated} to now.
     *
     * @param id the product's id
     * @return 204, or 404 for an unknown id
     * @throws SQLException if the database fails
     */
    @POST
    @Path("{id}/touch")
    public Response touch(@PathParam("id") long id) throws SQLException {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS);
        return changed(id, update("UPDATE product SET updated = ? WHERE id = ?", now, id));
    }

    /**
     * Removes the product.
     *
     * @param id the product's id
     * @return 204, or 404 for an unknown id
     * @throws SQLException if the database fails
     */
    @DELETE
    @Path("{id}")
    public Response delete(@PathParam("id") long id) throws SQLException {
        return changed(id, update("DELETE FROM product WHERE id = ?", id));
    }

    private Response changed(long id, int rows) {
        if (rows == 0) {
            throw new NotFoundException();
        }
        SitemapKit.of(servletContext).invalidate(ProductSitemap.SECTION, id);
        return Response.noContent().build();
    }

    private int update(String sql, Object... params) throws SQLException {
        try (Connection c = ShopDatabase.dataSource(servletContext).getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            return s.executeUpdate();
        }
    }
}
