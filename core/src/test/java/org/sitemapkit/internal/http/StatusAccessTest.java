package org.sitemapkit.internal.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;

/** Who may see the status view, decided from the request alone. */
class StatusAccessTest {
    static StatusAccess access(Settings.StatusViewMode mode, String token) {
        return new StatusAccess(new Settings.StatusView(mode, Optional.ofNullable(token)));
    }

    @Test
    void loopbackAdmitsALocalPeerThatNoProxyForwarded() {
        StatusAccess loopback = access(Settings.StatusViewMode.LOOPBACK, null);
        assertTrue(loopback.allows(TestExchange.of("GET")));
        assertTrue(loopback.allows(TestExchange.of("GET").from("[::1]")));
        assertFalse(loopback.allows(TestExchange.of("GET").from("203.0.113.9")));
        assertFalse(loopback.allows(TestExchange.of("GET").from(null)), "an API that does not say is not local");
        assertFalse(loopback.allows(TestExchange.of("GET", "X-Forwarded-For", "127.0.0.1")));
        assertFalse(loopback.allows(TestExchange.of("GET", "Forwarded", "for=127.0.0.1")));
    }

    @Test
    void tokenAdmitsOnlyItsBearer() {
        StatusAccess token = access(Settings.StatusViewMode.TOKEN, "s3cret-token-of-some-length");
        assertTrue(token.allows(TestExchange.of("GET", "Authorization", "Bearer s3cret-token-of-some-length")));
        assertFalse(token.allows(TestExchange.of("GET", "Authorization", "Bearer wrong")));
        assertFalse(token.allows(TestExchange.of("GET")));
        assertFalse(access(Settings.StatusViewMode.OFF, null).allows(TestExchange.of("GET")));
    }
}
