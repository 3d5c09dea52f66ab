package org.sitemapkit.internal.feed;

import java.lang.System.Logger.Level;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.Hibernate;
import org.hibernate.SessionEventListener;
import org.hibernate.boot.Metadata;
import org.hibernate.boot.internal.SessionFactoryOptionsBuilder;
import org.hibernate.boot.spi.BootstrapContext;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.event.service.spi.EventListenerRegistry;
import org.hibernate.event.spi.AutoFlushEvent;
import org.hibernate.event.spi.AutoFlushEventListener;
import org.hibernate.event.spi.EventType;
import org.hibernate.event.spi.PostCollectionRecreateEvent;
import org.hibernate.event.spi.PostCollectionRecreateEventListener;
import org.hibernate.event.spi.PostCollectionRemoveEvent;
import org.hibernate.event.spi.PostCollectionRemoveEventListener;
import org.hibernate.event.spi.PostCollectionUpdateEvent;
import org.hibernate.event.spi.PostCollectionUpdateEventListener;
import org.hibernate.event.spi.PostDeleteEvent;
import org.hibernate.event.spi.PostDeleteEventListener;
import org.hibernate.event.spi.PostInsertEvent;
import org.hibernate.event.spi.PostInsertEventListener;
import org.hibernate.event.spi.PostUpdateEvent;
import org.hibernate.event.spi.PostUpdateEventListener;
import org.hibernate.event.spi.PreDeleteEvent;
import org.hibernate.event.spi.PreDeleteEventListener;
import org.hibernate.event.spi.PreInsertEvent;
import org.hibernate.event.spi.PreInsertEventListener;
import org.hibernate.event.spi.PreUpdateEvent;
import org.hibernate.event.spi.PreUpdateEventListener;
import org.hibernate.integrator.spi.Integrator;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Table;
import org.hibernate.persister.entity.EntityPersister;
import org.hibernate.resource.jdbc.spi.StatementInspector;
import org.hibernate.service.spi.SessionFactoryServiceRegistry;
import org.sitemapkit.source.SitemapSection;

/**
 * Hears Hibernate ORM's entity changes for the change feed: listed in
 * {@code META-INF/services/org.hibernate.integrator.spi.Integrator}, so every runtime that boots
 * Hibernate (Spring Data JPA, WildFly, Quarkus, plain JPA) installs it with no setting. The
 * changes a flush wrote are kept per session and handed on only when its transaction completes
 * successfully: never before the commit, never for a rollback.
 *
 * <p>Bulk statements (JPQL or native {@code UPDATE}/{@code DELETE}) fire no entity event. Hibernate
 * auto-flushes before running one, so that event marks the session; a statement inspector chained
 * in front of the application's own reads the statements that follow, and a data-changing one
 * that names an entity's table makes that entity's sections render whole after the commit. Entity
 * statements of a flush come after a pre-insert, -update or -delete event, which clears the mark.
 *
 * <p>Links against Hibernate 6.6 to 7.x: the one method whose signature differs between them
 * ({@code AbstractEvent.getSession}) is looked up by name.
 */
public final class HibernateFeed
        implements Integrator,
                PostInsertEventListener,
                PostUpdateEventListener,
                PostDeleteEventListener,
                PreInsertEventListener,
                PreUpdateEventListener,
                PreDeleteEventListener,
                PostCollectionRecreateEventListener,
                PostCollectionUpdateEventListener,
                PostCollectionRemoveEventListener,
                AutoFlushEventListener {
    private static final long serialVersionUID = 1L;
    private static final System.Logger LOG = System.getLogger(HibernateFeed.class.getName());

    /**
     * Each event class's {@code getSession()}, which returns {@code EventSource} up to 6.6 and a
     * supertype since 7, where the auto-flush event is no longer an {@code AbstractEvent}.
     */
    private static final ClassValue<MethodHandle> GET_SESSION = new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> type) {
            try {
                return MethodHandles.publicLookup()
                        .unreflect(type.getMethod("getSession"))
                        .asType(MethodType.methodType(Object.class, Object.class));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("sitemapkit: " + type.getName() + " has no getSession()", e);
            }
        }
    };

    /**
     * The open transaction's changes of each session that flushed a fed entity or ran a query;
     * weak, so a session dropped without being closed is not kept.
     */
    private static final Map<Object, Pending> OPEN = Collections.synchronizedMap(new WeakHashMap<>());

    /** The session on this thread whose query statements may be bulk ones (set by its auto-flush). */
    private static final ThreadLocal<Pending> QUERYING = new ThreadLocal<>();

    /** What was said once: a table a bulk statement wrote, a key that names no property. */
    private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

    @Override
    public void integrate(Metadata metadata, BootstrapContext bootstrap, SessionFactoryImplementor factory) {
        EventListenerRegistry registry = factory.getEventEngine().getListenerRegistry();
        registry.appendListeners(EventType.POST_INSERT, this);
        registry.appendListeners(EventType.POST_UPDATE, this);
        registry.appendListeners(EventType.POST_DELETE, this);
        registry.appendListeners(EventType.PRE_INSERT, this);
        registry.appendListeners(EventType.PRE_UPDATE, this);
        registry.appendListeners(EventType.PRE_DELETE, this);
        registry.appendListeners(EventType.AUTO_FLUSH, this);
        registry.appendListeners(EventType.POST_COLLECTION_RECREATE, this);
        registry.appendListeners(EventType.POST_COLLECTION_UPDATE, this);
        registry.appendListeners(EventType.POST_COLLECTION_REMOVE, this);
        Map<String, List<Class<?>>> tables = tables(metadata);
        tables.values().forEach(types -> ChangeFeeds.heard(types));
        if (factory.getSessionFactoryOptions() instanceof SessionFactoryOptionsBuilder options) {
            options.applyStatementInspector(new Inspector(tables, options.getStatementInspector()));
        } else {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: this Hibernate session factory cannot be given a statement inspector, so bulk"
                            + " UPDATE and DELETE statements are not seen by the change feed; call"
                            + " SitemapKit.invalidate(section) after their commit");
        }
    }

    @Override
    public void disintegrate(SessionFactoryImplementor factory, SessionFactoryServiceRegistry registry) {}

    /** Every entity table, lower case, to the mapped classes it holds rows of. */
    private static Map<String, List<Class<?>>> tables(Metadata metadata) {
        Map<String, List<Class<?>>> tables = new HashMap<>();
        for (PersistentClass entity : metadata.getEntityBindings()) {
            Class<?> type;
            try {
                type = entity.getMappedClass();
            } catch (RuntimeException e) {
                continue; // a dynamic-map entity: no class to feed from
            }
            if (type == null) {
                continue;
            }
            Set<Table> own = new LinkedHashSet<>(entity.getTableClosure());
            own.add(entity.getTable());
            for (Table t : own) {
                if (t != null && t.getName() != null) {
                    tables.computeIfAbsent(t.getName().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                            .add(type);
                }
            }
        }
        return tables;
    }

    /** Heard at the flush, handed on at the completion: Hibernate's post-commit hooks are per entity. */
    @Override
    public boolean requiresPostCommitHandling(EntityPersister persister) {
        return false;
    }

    @Override
    public void onPostInsert(PostInsertEvent event) {
        heard(event, event.getPersister(), event.getEntity(), event.getId(), event.getState(), null);
    }

    @Override
    public void onPostUpdate(PostUpdateEvent event) {
        heard(event, event.getPersister(), event.getEntity(), event.getId(), event.getState(), event.getOldState());
    }

    @Override
    public void onPostDelete(PostDeleteEvent event) {
        heard(event, event.getPersister(), event.getEntity(), event.getId(), event.getDeletedState(), null);
    }

    /**
     * A collection of an entity changed (an {@code @ElementCollection}, a {@code @ManyToMany}):
     * Hibernate reports no update of the owner itself, yet what its URL lists (images, alternates)
     * may have changed, so the owner counts as updated.
     */
    @Override
    public void onPostRecreateCollection(PostCollectionRecreateEvent event) {
        owner(event, event.getAffectedOwnerOrNull(), event.getAffectedOwnerIdOrNull());
    }

    @Override
    public void onPostUpdateCollection(PostCollectionUpdateEvent event) {
        owner(event, event.getAffectedOwnerOrNull(), event.getAffectedOwnerIdOrNull());
    }

    @Override
    public void onPostRemoveCollection(PostCollectionRemoveEvent event) {
        owner(event, event.getAffectedOwnerOrNull(), event.getAffectedOwnerIdOrNull());
    }

    private static void owner(Object event, Object owner, Object id) {
        if (owner == null) {
            return;
        }
        Class<?> type = Hibernate.getClass(owner);
        if (!ChangeFeeds.fed(type)) {
            return;
        }
        SitemapSection a = ChangeFeeds.annotation(type);
        // the annotation's key property is not in a collection event: the identifier when that is the key
        Object key = a == null ? null : a.key().isEmpty() && id != null ? id : ChangeFeeds.WHOLE;
        record(session(event), type, owner, key, null);
    }

    /** An entity statement follows: not a bulk one. Never vetoes. */
    @Override
    public boolean onPreInsert(PreInsertEvent event) {
        QUERYING.remove();
        return false;
    }

    @Override
    public boolean onPreUpdate(PreUpdateEvent event) {
        QUERYING.remove();
        return false;
    }

    @Override
    public boolean onPreDelete(PreDeleteEvent event) {
        QUERYING.remove();
        return false;
    }

    /** A query runs next on this session: its statements are read for bulk changes. */
    @Override
    public void onAutoFlush(AutoFlushEvent event) {
        if (!ChangeFeeds.live()) {
            return;
        }
        SharedSessionContractImplementor session = session(event);
        if (session != null && session.isTransactionInProgress()) {
            QUERYING.set(pending(session));
        }
    }

    private static void heard(
            Object event, EntityPersister persister, Object entity, Object id, Object[] state, Object[] old) {
        Class<?> type = persister.getMappedClass();
        if (type == null || !ChangeFeeds.fed(type)) {
            return;
        }
        Object key = null;
        Object previous = null;
        SitemapSection a = ChangeFeeds.annotation(type);
        if (a != null) {
            key = id;
            if (!a.key().isEmpty()) {
                int i = indexOf(persister.getPropertyNames(), a.key());
                if (i < 0 || state == null) {
                    key = ChangeFeeds.WHOLE;
                    sayOnce(
                            "key " + type.getName(),
                            "sitemapkit: @SitemapSection(key = \"" + a.key() + "\") on " + type.getName()
                                    + " names no persistent property of it; its changes re-render the section whole");
                } else {
                    key = state[i];
                    if (old != null && !Objects.equals(old[i], key)) {
                        previous = old[i];
                    }
                }
            }
        }
        record(session(event), type, entity, key, previous);
    }

    /** Adds one change to its session's open transaction, or hands it on at once outside one. */
    private static void record(
            SharedSessionContractImplementor session, Class<?> type, Object entity, Object key, Object previous) {
        if (session == null || !session.isTransactionInProgress()) {
            // written outside a transaction: committed already
            ChangeFeeds.Transaction now = ChangeFeeds.begin();
            now.add(type, entity, key, previous);
            now.committed();
            return;
        }
        pending(session).transaction.add(type, entity, key, previous);
    }

    /** The session's open transaction, registering for its completion the first time. */
    private static Pending pending(SharedSessionContractImplementor session) {
        synchronized (OPEN) {
            Pending pending = OPEN.get(session);
            if (pending == null) {
                pending = new Pending(session);
                OPEN.put(session, pending);
                session.getEventListenerManager().addListener(pending);
            }
            return pending;
        }
    }

    private static int indexOf(String[] names, String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static SharedSessionContractImplementor session(Object event) {
        try {
            return (SharedSessionContractImplementor)
                    GET_SESSION.get(event.getClass()).invoke(event);
        } catch (Throwable e) {
            LOG.log(Level.WARNING, "sitemapkit: cannot read the session of a Hibernate event", e);
            return null;
        }
    }

    private static void sayOnce(String what, String line) {
        if (SAID.add(what)) {
            LOG.log(Level.WARNING, line);
        }
    }

    /** One session's open transaction: its changes, handed on when it completes. */
    private static final class Pending implements SessionEventListener {
        private static final long serialVersionUID = 1L;
        private final transient WeakReference<Object> session;
        private transient ChangeFeeds.Transaction transaction = ChangeFeeds.begin();

        Pending(Object session) {
            this.session = new WeakReference<>(session);
        }

        @Override
        public void transactionCompletion(boolean successful) {
            ChangeFeeds.Transaction done = transaction;
            transaction = ChangeFeeds.begin();
            if (QUERYING.get() == this) {
                QUERYING.remove();
            }
            if (successful) {
                done.committed();
            }
        }

        @Override
        public void end() {
            Object s = session.get();
            if (s != null) {
                OPEN.remove(s);
            }
        }
    }

    /**
     * Reads each statement after the application's own inspector rewrote it: a data-changing one
     * run by a query (not by an entity's flush) that names an entity's table adds that entity, whole,
     * to its session's transaction.
     */
    private static final class Inspector implements StatementInspector {
        private static final long serialVersionUID = 1L;
        private final transient Map<String, List<Class<?>>> tables;
        private final StatementInspector application;

        Inspector(Map<String, List<Class<?>>> tables, StatementInspector application) {
            this.tables = tables;
            this.application = application;
        }

        @Override
        public String inspect(String sql) {
            String out = application == null ? sql : application.inspect(sql);
            Pending querying = QUERYING.get();
            if (querying != null) {
                try {
                    for (String table : BulkStatements.tables(out)) {
                        for (Class<?> type : tables.getOrDefault(table, List.of())) {
                            if (ChangeFeeds.fed(type)) {
                                querying.transaction.addBulk(type);
                                if (SAID.add("bulk " + table)) {
                                    LOG.log(
                                            Level.INFO,
                                            "sitemapkit: a bulk statement wrote table {0}, which no entity event"
                                                    + " reports: the sections fed from {1} re-render whole after"
                                                    + " its commit",
                                            table,
                                            type.getName());
                                }
                            }
                        }
                    }
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "sitemapkit: could not read a statement for bulk changes", e);
                }
            }
            return out;
        }
    }
}
