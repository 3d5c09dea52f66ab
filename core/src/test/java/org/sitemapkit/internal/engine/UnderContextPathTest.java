package org.sitemapkit.internal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void aBaseUrlWithAPathOrAnApplicationAtTheRootIsKept() {
        assertEquals("https://shop.example.com/store/", base("https://shop.example.com/store/", "/shop"));
        assertEquals("https://shop.example.com/", base("https://shop.example.com/", ""));
        assertEquals(
                Settings.builder().build().baseUrl(),
                Engine.underContextPath(Settings.builder().build(), "/shop").baseUrl());
    }
}
