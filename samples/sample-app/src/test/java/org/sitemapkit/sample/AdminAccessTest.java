package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.util.Collections;
import java.util.Optional;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Http;

/**
 * Who may change products: the shop listens on loopback unless told otherwise, and its admin
 * endpoints answer a client on another address only with the token given at start. The "other
 * machine" is this machine's own non-loopback address, which the server sees as a remote client.
 */
class AdminAccessTest {
    static final String TOKEN = "a-token-of-32-characters-0123456";

    static Optional<InetAddress> otherAddress() throws SocketException {
        for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (ni.isUp() && !ni.isLoopback()) {
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a instanceof Inet4Address && !a.isLinkLocalAddress()) {
                        return Optional.of(a);
                    }
                }
            }
        }
        return Optional.empty();
    }

    static Server start(String host, ShopOptions options) throws Exception {
        Server server = SampleApp.newServer(host, 0, options.withProducts(50), null);
        server.start();
        return server;
    }

    static Http.Response touch(String host, Server server, String... headers) {
        return Http.send(
                "POST",
                URI.create("http://" + host + ":" + SampleApp.localPort(server) + "/admin/products/7/touch"),
                headers);
    }

    @Test
    void byDefaultTheShopListensOnLoopbackOnly() throws Exception {
        Server server = SampleApp.newServer(0, ShopOptions.defaults().withProducts(50));
        server.start();
        try {
            assertEquals("127.0.0.1", ((ServerConnector) server.getConnectors()[0]).getHost());
            assertEquals(204, touch("127.0.0.1", server).status(), "a client on this machine may change products");
            InetAddress other = otherAddress().orElse(null);
            assumeTrue(other != null, "this machine has no address besides loopback to connect from");
            assertThrows(IOException.class, () -> {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(other, SampleApp.localPort(server)), 2000);
                }
            });
        } finally {
            server.stop();
        }
    }

    @Test
    void anotherAddressNeedsTheTokenAndGetsNothingWithoutOne() throws Exception {
        InetAddress other = otherAddress().orElse(null);
        assumeTrue(other != null, "this machine has no address besides loopback to connect from");
        String host = other.getHostAddress();
        Server open = start("0.0.0.0", ShopOptions.defaults());
        try {
            Http.Response refused = touch(host, open);
            assertEquals(403, refused.status(), "no token given at start: the admin endpoints are loopback only");
            assertEquals(204, touch("127.0.0.1", open).status());
        } finally {
            open.stop();
        }
        Server guarded = start("0.0.0.0", ShopOptions.defaults().withAdminToken(TOKEN));
        try {
            Http.Response none = touch(host, guarded);
            assertEquals(401, none.status());
            assertTrue(none.header("WWW-Authenticate").orElseThrow().startsWith("Bearer"));
            assertEquals(
                    401,
                    touch(host, guarded, "Authorization", "Bearer " + TOKEN + "x")
                            .status());
            assertEquals(401, touch(host, guarded, "Authorization", TOKEN).status());
            assertEquals(
                    204,
                    touch(host, guarded, "Authorization", "Bearer " + TOKEN).status());
            assertEquals(
                    404,
                    Http.send(
                                    "DELETE",
                                    URI.create("http://" + host + ":" + SampleApp.localPort(guarded)
                                            + "/admin/products/999999"),
                                    "Authorization",
                                    "Bearer " + TOKEN)
                            .status(),
                    "with the token, an unknown id is still a 404");
        } finally {
            guarded.stop();
        }
    }
}
