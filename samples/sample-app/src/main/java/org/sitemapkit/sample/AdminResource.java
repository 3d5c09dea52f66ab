package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.NotAuthorizedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.sitemapkit.SitemapKit;

/**
 * The "when data changes" step: each change to a product tells SitemapKit which row changed, so only the
 * products page listing it is rendered again, and with {@code --indexnow-key} only its URL is submitted.
 * A real shop puts these behind its login. The sample answers them only to a client on this machine,
 * or to one that sends {@code Authorization: Bearer} and the token given with {@code --admin-token}:
 * samples get copied, and an open endpoint that deletes data must not be the habit they teach. (Behind
 * a reverse proxy on the same machine every client looks local: give a token and keep the proxy off
 * these paths.)
 */
@Path("admin/products")
public class AdminResource {
    @Context
    private ServletContext servletContext;

    @Context
    private HttpServletRequest request;

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
        authorize();
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
        authorize();
        return changed(id, update("DELETE FROM product WHERE id = ?", id));
    }

    /**
     * Lets a loopback client through, or one with the admin token (compared in constant time); else
     * 401 asking for the token, or 403 when none was given at start.
     */
    private void authorize() {
        if (loopback(request.getRemoteAddr())) {
            return;
        }
        String token = servletContext.getInitParameter(ShopOptions.ADMIN_TOKEN_PARAM);
        if (token == null) {
            throw new ForbiddenException("the admin endpoints answer only to clients on this machine;"
                    + " start the shop with --admin-token to let others in");
        }
        String given = request.getHeader("Authorization");
        byte[] expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
        if (given == null || !MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8))) {
            throw new NotAuthorizedException("Bearer realm=\"sample shop admin\"");
        }
    }

    private static boolean loopback(String address) {
        try {
            return address != null && InetAddress.getByName(address).isLoopbackAddress(); // a literal: no lookup
        } catch (UnknownHostException e) {
            return false;
        }
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
