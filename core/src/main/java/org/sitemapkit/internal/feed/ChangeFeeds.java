package org.sitemapkit.internal.feed;

import java.lang.System.Logger.Level;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Predicate;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.source.SitemapSection;

/**
 * Routes the committed changes an ORM listener heard to every running application that feeds a
 * section from them: one invalidation per section and transaction, by key or whole. Static,
 * because an ORM makes its listeners itself, knowing nothing of the applications in its JVM; each
 * application's engine opens its feed when it starts and closes it when it stops.
 */
public final class ChangeFeeds {
    private static final System.Logger LOG = System.getLogger(ChangeFeeds.class.getName());

    private static final Set<Feed> LIVE = new CopyOnWriteArraySet<>();
    /** The types some application registered in code, so that a listener skips the rest at once. */
    private static final Set<Class<?>> ROUTED = ConcurrentHashMap.newKeySet();

    private static final ClassValue<SitemapSection> ANNOTATION = new ClassValue<>() {
        @Override
        protected SitemapSection computeValue(Class<?> type) {
            return type.getAnnotation(SitemapSection.class);
        }
    };

    /**
     * The {@code @SitemapSection} entities a servlet container found in each application, so that
     * one no ORM listener hears is said at start, not left stale without a word.
     */
    private static final Map<ClassLoader, Set<Class<?>>> ANNOTATED = Collections.synchronizedMap(new WeakHashMap<>());
    /** The applications whose JPA provider made a {@link JpaFeed}: their entities are heard. */
    private static final Set<ClassLoader> LISTENING =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    /** The entity classes some Hibernate session factory maps, so the feed hears them. */
    private static final Set<Class<?>> HEARD =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /** A change whose key is not a whole number: the section renders whole. */
    static final Object WHOLE = new Object();

    private ChangeFeeds() {}

    /**
     * Opens an application's feed: from now until {@link Feed#close()}, committed changes of the
     * entities it feeds from invalidate its sections.
     *
     * @param routes the registrations made in code
     * @param service the running service
     * @param serves which sections the application has, so that a feed into none is said, not dropped
     * @param loader the application's class loader: an entity of another application (a server's
     *     shared library holding SitemapKit) is not this one's
     */
    public static Feed open(FeedRoutes routes, SitemapService service, Predicate<String> serves, ClassLoader loader) {
        Feed feed = new Feed(routes, service, serves, loader);
        LIVE.add(feed);
        Set<Class<?>> declared = loader == null ? null : ANNOTATED.get(loader);
        if (declared != null && !LISTENING.contains(loader) && !PersistenceUnits.listMappingFile(loader)) {
            List<String> unheard = new ArrayList<>();
            for (Class<?> type : declared) {
                if (!HEARD.contains(type)) {
                    unheard.add(type.getName());
                }
            }
            if (!unheard.isEmpty()) {
                unheard.sort(null);
                LOG.log(
                        Level.WARNING,
                        "sitemapkit: " + String.join(", ", unheard) + " marked @SitemapSection, but no Hibernate ORM"
                                + " session factory of this application maps them (yet), and its persistence unit does"
                                + " not list META-INF/sitemapkit-orm.xml: their changes are not followed. With"
                                + " EclipseLink or OpenJPA, add <mapping-file>META-INF/sitemapkit-orm.xml</mapping-file>"
                                + " to persistence.xml, or call SitemapKit.invalidate(...) after each commit");
            }
        }
        return feed;
    }

    /**
     * The {@code @SitemapSection} entities a servlet container found in an application
     * ({@code @HandlesTypes}), checked against what Hibernate maps when its engine starts.
     */
    public static void annotated(ClassLoader loader, Collection<Class<?>> types) {
        if (loader != null && !types.isEmpty()) {
            ANNOTATED.put(loader, Set.copyOf(types));
        }
    }

    /** Entity classes a Hibernate session factory maps, whose changes the feed hears. */
    public static void heard(Collection<Class<?>> types) {
        HEARD.addAll(types);
    }

    /** Whether Hibernate maps {@code type}: then its events come from {@link HibernateFeed}. */
    static boolean hibernateMaps(Class<?> type) {
        return HEARD.contains(type);
    }

    /**
     * A JPA provider installed {@link JpaFeed} for the application of {@code loader}.
     *
     * @return true the first time for that application
     */
    static boolean listening(ClassLoader loader) {
        return loader != null && LISTENING.add(loader);
    }

    /** Whether any application's feed is open: else a listener does nothing at all. */
    public static boolean live() {
        return !LIVE.isEmpty();
    }

    /** Whether any running application may feed from {@code type}: a listener's cheap first test. */
    public static boolean fed(Class<?> type) {
        if (LIVE.isEmpty()) {
            return false;
        }
        if (ANNOTATION.get(type) != null) {
            return true;
        }
        for (Class<?> r : ROUTED) {
            if (r.isAssignableFrom(type)) {
                return true;
            }
        }
        return false;
    }

    /** The entity's annotation, inherited from a superclass too; null when it has none. */
    public static SitemapSection annotation(Class<?> type) {
        return ANNOTATION.get(type);
    }

    static void routed(Class<?> type) {
        ROUTED.add(type);
    }

    /** The changes of one transaction, dispatched at once after its commit. */
    public static Transaction begin() {
        return new Transaction();
    }

    /** A section's changes as the service takes them: keys, or null for the whole section. */
    static final class SectionChanges {
        private TreeSet<Long> keys = new TreeSet<>();

        void add(Object key) {
            Long k = wholeNumber(key);
            if (k == null) {
                keys = null;
            } else if (keys != null) {
                keys.add(k);
            }
        }

        TreeSet<Long> keys() {
            return keys;
        }
    }

    /** {@code key} as a long, or null when it is none (a string, a UUID, a fraction, too large). */
    static Long wholeNumber(Object key) {
        if (key instanceof Long || key instanceof Integer || key instanceof Short || key instanceof Byte) {
            return ((Number) key).longValue();
        }
        if (key instanceof BigInteger b && b.bitLength() < 64) {
            return b.longValue();
        }
        if (key instanceof BigDecimal d) {
            try {
                return d.longValueExact();
            } catch (ArithmeticException e) {
                return null;
            }
        }
        return null;
    }

    /**
     * The entity changes of one transaction, in the order heard. Not thread-safe: one session's
     * transaction runs on one thread at a time.
     */
    public static final class Transaction {
        private final List<Change> changes = new ArrayList<>();

        private Transaction() {}

        /**
         * One inserted, updated or deleted entity.
         *
         * @param type the entity's mapped class
         * @param entity the instance, for keys registered in code
         * @param key the key its {@code @SitemapSection} names, read from the state the ORM flushed
         *     (its identifier by default); null when the entity has no annotation
         * @param previous for an update that changed that key, its old value; else null
         */
        public void add(Class<?> type, Object entity, Object key, Object previous) {
            changes.add(new Change(type, entity, key, previous));
        }

        /**
         * Rows of {@code type} that a bulk statement may have changed, which no entity event
         * names: the sections fed from it render whole.
         */
        public void addBulk(Class<?> type) {
            changes.add(new Change(type, null, WHOLE, null));
        }

        public boolean isEmpty() {
            return changes.isEmpty();
        }

        /**
         * The transaction committed: every running application that feeds from its entities
         * invalidates each section they feed, once. Never throws into the ORM's completion.
         */
        public void committed() {
            if (changes.isEmpty()) {
                return;
            }
            for (Feed feed : LIVE) {
                try {
                    feed.dispatch(changes);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "sitemapkit: a committed change could not be routed to its section", e);
                }
            }
        }
    }

    record Change(Class<?> type, Object entity, Object key, Object previous) {}

    /** One running application's feed. */
    public static final class Feed implements AutoCloseable {
        private final FeedRoutes routes;
        private final SitemapService service;
        private final Predicate<String> serves;
        private final ClassLoader loader;
        private final Map<Class<?>, Boolean> visible = new ConcurrentHashMap<>();
        /** What was said once: a section the application lacks, a key that is not a number. */
        private final Set<String> said = ConcurrentHashMap.newKeySet();

        private Feed(FeedRoutes routes, SitemapService service, Predicate<String> serves, ClassLoader loader) {
            this.routes = routes;
            this.service = service;
            this.serves = serves;
            this.loader = loader;
        }

        void dispatch(List<Change> changes) {
            Map<String, SectionChanges> sections = new LinkedHashMap<>();
            for (Change c : changes) {
                if (!visible.computeIfAbsent(c.type(), this::sees)) {
                    continue;
                }
                List<FeedRoutes.Route> registered = routes.of(c.type());
                if (!registered.isEmpty()) {
                    for (FeedRoutes.Route r : registered) {
                        into(sections, r.section(), c.type())
                                .add(r.key() == null || c.entity() == null ? WHOLE : keyOf(r, c));
                    }
                } else {
                    SitemapSection a = annotation(c.type());
                    if (a != null) {
                        SectionChanges s = into(sections, a.value(), c.type());
                        s.add(c.key());
                        if (c.previous() != null) {
                            s.add(c.previous());
                        }
                    }
                }
            }
            sections.forEach((section, s) -> {
                if (s.keys() == null) {
                    service.invalidate(section);
                } else {
                    service.invalidate(section, s.keys());
                }
            });
        }

        private SectionChanges into(Map<String, SectionChanges> sections, String section, Class<?> type) {
            if (!serves.test(section)) {
                if (said.add("section " + section)) {
                    LOG.log(
                            Level.WARNING,
                            "sitemapkit: entity {0} feeds section {1}, which no source of this application has;"
                                    + " its changes re-render nothing",
                            type.getName(),
                            section);
                }
                return new SectionChanges(); // dropped: nothing to render
            }
            return sections.computeIfAbsent(section, k -> new SectionChanges());
        }

        private Object keyOf(FeedRoutes.Route r, Change c) {
            try {
                return r.key().applyAsLong(c.entity());
            } catch (RuntimeException e) {
                if (said.add("key " + r.section() + " " + c.type().getName())) {
                    LOG.log(
                            Level.WARNING,
                            "sitemapkit: the key of a changed " + c.type().getName() + " could not be read (" + e
                                    + "); section " + r.section() + " re-renders whole");
                }
                return WHOLE;
            }
        }

        private boolean sees(Class<?> type) {
            if (loader == null) {
                return true;
            }
            try {
                return Class.forName(type.getName(), false, loader) == type;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }

        @Override
        public void close() {
            LIVE.remove(this);
        }
    }
}
