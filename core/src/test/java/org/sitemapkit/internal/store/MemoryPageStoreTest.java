package org.sitemapkit.internal.store;

class MemoryPageStoreTest extends PageStoreContract {
    @Override
    SectionStore store() {
        return new MemoryPageStore();
    }

    @Override
    boolean shared() {
        return false;
    }
}
