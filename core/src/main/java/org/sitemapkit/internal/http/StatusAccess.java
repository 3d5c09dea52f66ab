package org.sitemapkit.internal.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.sitemapkit.internal.config.Settings;

/**
 * Who may see {@code /sitemap.html?status}, as {@code status-view} says: decided from the request
 * alone. Anyone else gets a 404, as if there were no such page.
 */
final class StatusAccess {
    /** Headers a proxy adds; a local request that carries one came through a proxy, from anywhere. */
    private static final List<String> PROXY_HEADERS = List.of(
            "Forwarded",
            "X-Forwarded-For",
            "X-Forwarded-Host",
            "X-Forwarded-Proto",
            "X-Forwarded-Port",
            "X-Forwarded-Server",
            "X-Forwarded-Prefix",
            "X-Real-IP",
            "X-Client-IP",
            "Via");

    private final Settings.StatusView view;

    StatusAccess(Settings.StatusView view) {
        this.view = view;
    }

    boolean allows(Exchange request) {
        switch (view.mode()) {
            case LOOPBACK:
                // a proxy on this host makes every request look local: one that says it forwarded is not
                if (!loopback(request.remoteAddress())) {
                    return false;
                }
                for (String h : PROXY_HEADERS) {
                    if (request.header(h) != null) {
                        return false;
                    }
                }
                return true;
            case TOKEN:
                String auth = request.header("Authorization");
                String token = view.token().orElse("");
                return auth != null
                        && auth.startsWith("Bearer ")
                        && MessageDigest.isEqual(
                                auth.substring(7).trim().getBytes(StandardCharsets.UTF_8),
                                token.getBytes(StandardCharsets.UTF_8));
            default:
                return false;
        }
    }

    private static boolean loopback(String address) {
        if (address == null) {
            return false;
        }
        String a =
                address.startsWith("[") && address.endsWith("]") ? address.substring(1, address.length() - 1) : address;
        return a.startsWith("127.") || a.equals("::1") || a.equals("0:0:0:0:0:0:0:1");
    }
}
