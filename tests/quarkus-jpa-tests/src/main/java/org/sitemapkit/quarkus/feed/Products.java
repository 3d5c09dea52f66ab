package org.sitemapkit.quarkus.feed;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/**
 * The shop's writes, each in a transaction the container manages ({@code @Transactional}), as a
 * Quarkus application makes them: no method tells SitemapKit anything, the change feed does.
 */
@ApplicationScoped
public class Products {
    @Inject
    EntityManager em;

    @Transactional
    public void insert(long id, String slug) {
        em.persist(new Product(id, slug));
    }

    /** @return whether the product exists */
    @Transactional
    public boolean rename(long id, String slug) {
        Product p = em.find(Product.class, id);
        if (p != null) {
            p.setSlug(slug);
        }
        return p != null;
    }

    /** @return whether the product existed */
    @Transactional
    public boolean delete(long id) {
        Product p = em.find(Product.class, id);
        if (p != null) {
            em.remove(p);
        }
        return p != null;
    }

    /**
     * Renames one product, inserts another and deletes a third, flushes them to the database, then
     * fails: the transaction rolls back.
     */
    @Transactional
    public void renameInsertDeleteThenFail(long renamed, long inserted, long deleted, String slug) {
        em.find(Product.class, renamed).setSlug(slug);
        em.persist(new Product(inserted, slug));
        em.remove(em.find(Product.class, deleted));
        em.flush();
        throw new Refused("rolled back on purpose");
    }

    /**
     * A bulk JPQL update, which fires no entity event: prefixes the slug of every product above
     * {@code id}.
     *
     * @return the rows it changed
     */
    @Transactional
    public int prefixAbove(long id, String prefix) {
        return em.createQuery("update Product p set p.slug = concat(:prefix, p.slug) where p.id > :id")
                .setParameter("prefix", prefix)
                .setParameter("id", id)
                .executeUpdate();
    }

    /** The same bulk update, then a failure: rolled back. */
    @Transactional
    public void prefixAboveThenFail(long id, String prefix) {
        prefixAbove(id, prefix);
        throw new Refused("rolled back on purpose");
    }

    /** What a write refused with; a runtime exception, so {@code @Transactional} rolls back. */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }
}
