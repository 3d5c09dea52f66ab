package org.sitemapkit.internal.store;

import java.util.concurrent.ConcurrentHashMap;

/** The default store: a map in this JVM. The service bounds how many sites it holds. */
public final class MemoryPageStore implements SectionStore {
    private final ConcurrentHashMap<String, RenderedSection> map = new ConcurrentHashMap<>();

    /** Empty: sections are rendered into it as they are first asked for. */
    public MemoryPageStore() {}

    @Override
    public RenderedSection get(String key) {
        return map.get(key);
    }

    @Override
    public void put(String key, RenderedSection section) {
        map.put(key, section);
    }

    @Override
    public void remove(String key) {
        map.remove(key);
    }

    /** For the start-up line, which names the store. */
    @Override
    public String toString() {
        return "memory store of this JVM";
    }

    /** How many sections are held, for diagnostics and tests. */
    int size() {
        return map.size();
    }
}
