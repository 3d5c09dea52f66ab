package org.sitemapkit.quarkus.feed;

import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

/**
 * The back office, over HTTP: each request is one transaction of {@link Products}. A write that
 * rolled back answers 409.
 */
@Path("api/admin/products")
public class ProductAdminResource {
    @Inject
    Products products;

    @POST
    @Path("{id}")
    public Response insert(@PathParam("id") long id, @QueryParam("slug") String slug) {
        products.insert(id, slug);
        return Response.noContent().build();
    }

    @PUT
    @Path("{id}")
    public Response rename(@PathParam("id") long id, @QueryParam("slug") String slug) {
        return status(products.rename(id, slug));
    }

    @DELETE
    @Path("{id}")
    public Response delete(@PathParam("id") long id) {
        return status(products.delete(id));
    }

    /** Renames {@code id}, inserts {@code insert}, deletes {@code delete}, then rolls back. */
    @POST
    @Path("{id}/fail")
    public Response renameInsertDeleteThenFail(
            @PathParam("id") long id,
            @QueryParam("insert") long insert,
            @QueryParam("delete") long delete,
            @QueryParam("slug") String slug) {
        try {
            products.renameInsertDeleteThenFail(id, insert, delete, slug);
            return Response.noContent().build();
        } catch (Products.Refused e) {
            return Response.status(Response.Status.CONFLICT).build();
        }
    }

    /** The bulk update of every product above {@code id}; with {@code fail}, rolled back. */
    @POST
    @Path("bulk")
    public Response prefixAbove(
            @QueryParam("above") long id, @QueryParam("prefix") String prefix, @QueryParam("fail") boolean fail) {
        try {
            if (fail) {
                products.prefixAboveThenFail(id, prefix);
            } else {
                products.prefixAbove(id, prefix);
            }
            return Response.noContent().build();
        } catch (Products.Refused e) {
            return Response.status(Response.Status.CONFLICT).build();
        }
    }

    private static Response status(boolean found) {
        return found
                ? Response.noContent().build()
                : Response.status(Response.Status.NOT_FOUND).build();
    }
}
