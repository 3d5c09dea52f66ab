package org.sitemapkit.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;

/** A base-url naming only an origin, for an application deployed at a context path. */
class UnderContextPathTest {

    static String base(String baseUrl, String contextPath) {
        Settings s = Settings.builder().baseUrl(baseUrl).build();
        return Engine.underContextPath(s, contextPath).baseUrl().orElseThrow().base();
    }

    @Test
    void anOriginGetsTheContextPath() {
        assertEquals("https://shop.example.com/shop/", base("https://shop.example.com", "/shop"));
        assertEquals("https://shop.example.com:8443/shop/", base("https://shop.example.com:8443/", "/shop"));
    }

    @Test
    void aBaseUrlAtTheContextPathOrAnApplicationAtTheRootIsKept() {
        assertEquals("https://shop.example.com/shop/", base("https://shop.example.com/shop", "/shop"));
        assertEquals("https://shop.example.com/store/", base("https://shop.example.com/store/", ""));
        assertEquals("https://shop.example.com/", base("https://shop.example.com/", ""));
        assertEquals(
                Settings.builder().build().baseUrl(),
                Engine.underContextPath(Settings.builder().build(), "/shop").baseUrl());
    }

    @Test
    void aBaseUrlOutsideTheContextPathFailsNamingBoth() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> base("https://shop.example.com/store/", "/shop"));
        assertTrue(e.getMessage().contains("base-url https://shop.example.com/store/"), e.getMessage());
        assertTrue(e.getMessage().contains("context path /shop"), e.getMessage());
        assertTrue(e.getMessage().contains("base-url-as-written=true"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> base("https://shop.example.com/shop/de/", "/shop"));
    }

    @Test
    void behindAProxyTheBaseUrlIsTakenAsWritten() {
        for (String written : new String[] {"https://shop.example.com/", "https://shop.example.com/store/"}) {
            Settings s =
                    Settings.builder().baseUrl(written).baseUrlAsWritten(true).build();
            assertEquals(
                    written,
                    Engine.underContextPath(s, "/shop").baseUrl().orElseThrow().base());
        }
    }
}
