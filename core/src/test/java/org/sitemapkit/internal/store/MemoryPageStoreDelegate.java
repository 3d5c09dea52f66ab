package org.sitemapkit.internal.store;

/** A store that keeps sections in memory and lets a test override what a shared store does. */
public class MemoryPageStoreDelegate implements SectionStore {
    private final MemoryPageStore memory = new MemoryPageStore();

    @Override
    public RenderedSection get(String key) {
        return memory.get(key);
    }

    @Override
    public void put(String key, RenderedSection section) {
        memory.put(key, section);
    }

    @Override
    public void remove(String key) {
        memory.remove(key);
    }
}
