package org.sitemapkit.source;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a JPA entity whose committed changes re-render a section, so that the sitemap follows the
 * application's data with no {@code invalidate} call. After each committed transaction that
 * inserted, updated or deleted such entities, the section is invalidated once: by key for a section
 * of stable pages (only the pages holding the changed keys render again), whole otherwise. A
 * rolled-back transaction invalidates nothing. Heard through Hibernate's events, which every
 * runtime that uses Hibernate ORM delivers; {@code SitemapKit.feed} registers the same in code.
 *
 * <pre>{@code
 * @Entity
 * @SitemapSection("products")
 * public class Product { @Id Long id; ... }
 * }</pre>
 *
 * <p>Bulk {@code UPDATE} and {@code DELETE} statements fire no entity event: under Hibernate the
 * section renders whole after their commit; under EclipseLink or OpenJPA (heard once the persistence
 * unit lists {@code META-INF/sitemapkit-orm.xml}) call {@code SitemapKit.invalidate(section)} after them.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SitemapSection {
    /**
     * The section the entity's rows are listed in, as its source names it.
     *
     * @return the section's name: {@code [a-z0-9-]}
     */
    String value();

    /**
     * The persistent property holding the key that a section of stable pages is keyed by; an
     * update that changes it re-renders the pages of the old key and of the new one. A key that is
     * not a whole number re-renders the whole section.
     *
     * @return the property's name; empty (the default) for the entity's identifier
     */
    String key() default "";
}
