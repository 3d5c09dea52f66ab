package org.sitemapkit.store;

class MemoryPageStoreTest extends PageStoreContract {
    @Override
    PageStore store() {
        return new MemoryPageStore();
    }

    @Override
    boolean shared() {
        return false;
    }
}
