package org.sitemapkit.feedwar;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;

/** The application's writes, each in a container-managed JTA transaction; none calls SitemapKit. */
@Path("items")
@RequestScoped
public class ItemWrites {
    @PersistenceContext(unitName = "feed")
    EntityManager em;

    @Resource
    TransactionSynchronizationRegistry transaction;

    @PUT
    @Path("{id}")
    @Transactional
    public void rename(@PathParam("id") long id, @QueryParam("slug") String slug) {
        em.find(Item.class, id).setSlug(slug);
    }

    /** Renames, flushes, then marks the transaction for rollback: nothing may change. */
    @PUT
    @Path("{id}/rolled-back")
    @Transactional
    public void renameRolledBack(@PathParam("id") long id, @QueryParam("slug") String slug) {
        em.find(Item.class, id).setSlug(slug);
        em.flush();
        transaction.setRollbackOnly();
    }

    @POST
    @Path("{id}")
    @Transactional
    public void add(@PathParam("id") long id, @QueryParam("slug") String slug) {
        em.persist(new Item(id, slug));
    }

    @DELETE
    @Path("{id}")
    @Transactional
    public void remove(@PathParam("id") long id) {
        em.remove(em.find(Item.class, id));
    }

    /** Renames, flushes, and waits a second before the commit: a render before it would read the old row. */
    @PUT
    @Path("{id}/slow")
    @Transactional
    public void renameSlowly(@PathParam("id") long id, @QueryParam("slug") String slug) throws InterruptedException {
        em.find(Item.class, id).setSlug(slug);
        em.flush();
        Thread.sleep(1_000);
    }

    /** Every item's path, from the table: what the sitemap must list once the writes settled. */
    @GET
    @Produces("text/plain")
    public String paths() {
        StringBuilder out = new StringBuilder();
        for (Object[] row : em.createQuery("SELECT i.id, i.slug FROM Item i ORDER BY i.id", Object[].class)
                .getResultList()) {
            out.append("/items/").append(row[0]).append('/').append(row[1]).append('\n');
        }
        return out.toString();
    }

    /** Inserts {@code count} items from {@code from} on, in one transaction. */
    @POST
    @Path("many")
    @Transactional
    public void addMany(@QueryParam("from") long from, @QueryParam("count") int count) {
        for (int i = 0; i < count; i++) {
            em.persist(new Item(from + i, "m" + (from + i)));
            if (i % 500 == 499) {
                em.flush();
                em.clear();
            }
        }
    }

    /** A bulk JPQL update, which fires no entity event. */
    @POST
    @Path("bulk")
    @Transactional
    public void bulk(@QueryParam("prefix") String prefix, @QueryParam("max") long max) {
        em.createQuery("UPDATE Item i SET i.slug = CONCAT(:prefix, i.slug) WHERE i.id <= :max")
                .setParameter("prefix", prefix)
                .setParameter("max", max)
                .executeUpdate();
    }
}
