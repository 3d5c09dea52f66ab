package org.sitemapkit.internal.engine;

/**
 * How an adapter in another module (the JAX-RS filter's, with no {@code ServletContext} to keep a
 * handle) makes an application's public handle and reads its {@link KitState}: the handle's class
 * installs the one accessor when it loads. Generic, so this package never names the API type,
 * which depends on it.
 *
 * @param <K> the handle's type, {@code SitemapKit}
 */
public abstract class KitAccess<K> {
    private static volatile KitAccess<?> installed;

    private final Class<K> type;

    /** For the handle's class alone, once. */
    protected KitAccess(Class<K> type) {
        this.type = type;
    }

    /** Called by the handle's static initializer. */
    public static void install(KitAccess<?> access) {
        installed = access;
    }

    /**
     * The accessor of {@code type}, loading that class first if no one has.
     *
     * @throws IllegalStateException when {@code type} installed none
     */
    public static <K> KitAccess<K> get(Class<K> type) {
        KitAccess<?> a = installed;
        if (a == null) {
            try {
                Class.forName(type.getName(), true, type.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            a = installed;
        }
        if (a == null || a.type != type) {
            throw new IllegalStateException("sitemapkit: " + type.getName() + " installed no accessor");
        }
        @SuppressWarnings("unchecked") // its type is K's class, checked above
        KitAccess<K> typed = (KitAccess<K>) a;
        return typed;
    }

    /** A handle of an application that has no {@code ServletContext} to keep it. */
    public abstract K create(ClassLoader loader);

    /** What {@code handle} holds, for {@link Engine#start}. */
    public abstract KitState state(K handle);
}
