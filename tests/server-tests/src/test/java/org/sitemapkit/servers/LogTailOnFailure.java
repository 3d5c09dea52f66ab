package org.sitemapkit.servers;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Prints the tail of the server's log when a test of a {@link ServerContract} fails, once per class: the first
 * failure is where the log says most, and thirty copies of the same tail would bury the assertion messages.
 */
final class LogTailOnFailure implements TestWatcher {

    private static final int LINES = 60;

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        Optional<Object> instance = context.getTestInstance();
        if (instance.isEmpty() || !(instance.get() instanceof ServerContract contract) || contract.server == null) {
            return;
        }
        ExtensionContext.Store store = context.getRoot().getStore(ExtensionContext.Namespace.create(getClass()));
        if (store.getOrDefault(contract.getClass(), Boolean.class, false)) {
            return;
        }
        store.put(contract.getClass(), true);
        String test = context.getTestMethod().map(m -> m.getName() + " ").orElse("") + context.getDisplayName();
        System.out.println(contract.server.name() + ": " + test + " failed; the server's log:\n"
                + ServerLog.tail(contract.server.log(), LINES));
    }
}
