package org.sitemapkit.internal.engine;

import org.sitemapkit.internal.check.Accessor;

/**
 * How an adapter in another module (the JAX-RS filter's, with no {@code ServletContext} to keep a
 * handle) makes an application's public handle and reads its {@link KitState}: the handle's class
 * installs the one accessor when it loads. Generic, so this package never names the API type,
 * which depends on it.
 *
 * @param <K> the handle's type, {@code SitemapKit}
 */
public abstract class KitAccess<K> extends Accessor<K> {
    /** For the handle's class alone, once. */
    protected KitAccess(Class<K> type) {
        super(type);
    }

    /**
     * The accessor of {@code type}, loading that class first if no one has.
     *
     * @throws IllegalStateException when {@code type} installed none
     */
    @SuppressWarnings("unchecked") // installed by K's class for K, which get checks
    public static <K> KitAccess<K> get(Class<K> type) {
        return Accessor.get(type, KitAccess.class);
    }

    /** A handle of an application that has no {@code ServletContext} to keep it. */
    public abstract K create(ClassLoader loader);

    /** What {@code handle} holds, for {@link Engine#start}. */
    public abstract KitState state(K handle);
}
