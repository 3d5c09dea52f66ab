package org.sitemapkit.internal.check;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How internal code reads what a public type keeps private, with nothing public added to it: the
 * type's class installs its one accessor when it loads. Generic, so the internal package never
 * names the public type, which depends on it. For SitemapKit's modules, not an API.
 *
 * @param <T> the public type
 */
public abstract class Accessor<T> {
    private static final Map<Class<?>, Accessor<?>> INSTALLED = new ConcurrentHashMap<>();

    private final Class<T> type;

    /** For the public type's class alone, once. */
    protected Accessor(Class<T> type) {
        this.type = type;
    }

    /** Called by the public type's static initializer. */
    public static void install(Accessor<?> accessor) {
        INSTALLED.put(accessor.type, accessor);
    }

    /**
     * The accessor of {@code type}, of kind {@code kind}, loading that class first if no one has.
     *
     * @throws IllegalStateException when {@code type} installed none
     */
    protected static <A extends Accessor<?>> A get(Class<?> type, Class<A> kind) {
        Accessor<?> a = INSTALLED.get(type);
        if (a == null) {
            try {
                Class.forName(type.getName(), true, type.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            a = INSTALLED.get(type);
        }
        if (!kind.isInstance(a)) {
            throw new IllegalStateException("sitemapkit: " + type.getName() + " installed no " + kind.getSimpleName());
        }
        return kind.cast(a);
    }
}
