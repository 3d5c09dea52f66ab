package org.sitemapkit.internal.feed;

import jakarta.persistence.Id;
import jakarta.persistence.PostPersist;
import jakarta.persistence.PostRemove;
import jakarta.persistence.PostUpdate;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.lang.System.Logger.Level;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.sitemapkit.source.SitemapSection;

/**
 * The change feed for the JPA providers that are not Hibernate ORM (EclipseLink on Payara,
 * GlassFish and Open Liberty; OpenJPA on TomEE): a default entity listener, which an application
 * turns on by listing core's {@code META-INF/sitemapkit-orm.xml} as a mapping file of its
 * persistence unit. Entity callbacks come at the flush, before the commit, so each change joins
 * the JTA transaction's batch, handed on after it committed; outside a JTA transaction the commit
 * cannot be heard, which is said once. Entities that Hibernate maps are left to
 * {@link HibernateFeed}, so a unit that lists the file under Hibernate is not heard twice.
 */
public final class JpaFeed {
    private static final System.Logger LOG = System.getLogger(JpaFeed.class.getName());
    private static final String REGISTRY = "java:comp/TransactionSynchronizationRegistry";
    /** The transaction's batch, a resource of the JTA transaction under this key. */
    private static final Object BATCH = JpaFeed.class.getName() + ".batch";

    private static final Set<String> SAID = ConcurrentHashMap.newKeySet();
    /** The JTA registry once found: one per server, and this class is one per application. */
    private static volatile TransactionSynchronizationRegistry registry;

    /** Each entity class's identifier or {@code @SitemapSection(key)} member, found once. */
    private static final ClassValue<AccessibleObject> KEY = new ClassValue<>() {
        @Override
        protected AccessibleObject computeValue(Class<?> type) {
            SitemapSection a = ChangeFeeds.annotation(type);
            String name = a == null ? "" : a.key();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (name.isEmpty()
                            ? f.isAnnotationPresent(Id.class)
                            : f.getName().equals(name)) {
                        return f;
                    }
                }
                for (Method m : c.getDeclaredMethods()) {
                    if (m.getParameterCount() == 0
                            && (name.isEmpty()
                                    ? m.isAnnotationPresent(Id.class)
                                    : m.getName().equals(getter(name)))) {
                        return m;
                    }
                }
            }
            return null;
        }
    };

    /**
     * Made by the JPA provider when it first needs the listener (EclipseLink: when the unit logs in,
     * often at its first use); says once per application what this listener cannot hear.
     */
    public JpaFeed() {
        if (ChangeFeeds.listening(Thread.currentThread().getContextClassLoader())) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: the change feed hears this persistence unit's entities through its entity"
                            + " listener (META-INF/sitemapkit-orm.xml); bulk JPQL and SQL statements fire no entity"
                            + " callback: call SitemapKit.invalidate(section) after their commit");
        }
    }

    @PostPersist
    @PostUpdate
    @PostRemove
    void changed(Object entity) {
        try {
            Class<?> type = entity.getClass();
            if (ChangeFeeds.hibernateMaps(type) || !ChangeFeeds.fed(type)) {
                return;
            }
            TransactionSynchronizationRegistry jta = registry();
            if (jta == null || jta.getTransactionKey() == null) {
                if (SAID.add("no transaction " + type.getName())) {
                    LOG.log(
                            Level.WARNING,
                            "sitemapkit: a " + type.getName() + " changed outside a JTA transaction, whose commit the"
                                    + " change feed cannot hear: call SitemapKit.invalidate(...) after it");
                }
                return;
            }
            ChangeFeeds.Transaction batch = (ChangeFeeds.Transaction) jta.getResource(BATCH);
            if (batch == null) {
                ChangeFeeds.Transaction created = ChangeFeeds.begin();
                jta.putResource(BATCH, created);
                jta.registerInterposedSynchronization(new Synchronization() {
                    @Override
                    public void beforeCompletion() {}

                    @Override
                    public void afterCompletion(int status) {
                        if (status == Status.STATUS_COMMITTED) {
                            created.committed();
                        }
                    }
                });
                batch = created;
            }
            batch.add(type, entity, key(type, entity), null);
        } catch (RuntimeException | ReflectiveOperationException e) {
            LOG.log(Level.WARNING, "sitemapkit: a changed entity could not join the change feed", e);
        }
    }

    private static Object key(Class<?> type, Object entity) throws ReflectiveOperationException {
        AccessibleObject member = KEY.get(type);
        if (member == null) {
            return ChangeFeeds.WHOLE;
        }
        member.setAccessible(true);
        return member instanceof Field f ? f.get(entity) : ((Method) member).invoke(entity);
    }

    private static String getter(String property) {
        return "get" + Character.toUpperCase(property.charAt(0)) + property.substring(1);
    }

    /**
     * The server's registry, looked up once (a JNDI lookup per entity callback would sit on the
     * application's write path); not cached while absent, outside a container's threads.
     */
    private static TransactionSynchronizationRegistry registry() {
        TransactionSynchronizationRegistry found = registry;
        if (found == null) {
            try {
                found = (TransactionSynchronizationRegistry) new InitialContext().lookup(REGISTRY);
                registry = found;
            } catch (NamingException | RuntimeException e) {
                return null;
            }
        }
        return found;
    }
}
