package org.sitemapkit.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.QuarkusUnitTest;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sitemapkit.testsupport.Http;

/**
 * {@code status-view=loopback} on Quarkus REST, with Quarkus' own proxy-address forwarding on: decided on the
 * connection's peer, which forwarded headers do not rewrite, so a forged {@code X-Forwarded-For: 127.0.0.1} or
 * {@code Forwarded: for=127.0.0.1} never opens the status page, from this machine or from another address.
 */
class StatusViewTest {
    static final String PORT = System.getProperty("quarkus.http.test-port", "8081");
    static final String STATUS = "/sitemap.html?status";

    @RegisterExtension
    static final QuarkusUnitTest APP = new QuarkusUnitTest()
            .withApplicationRoot(jar -> jar.addClasses(PageResource.class, RemoteAddress.class)
                    .addAsResource(
                            new StringAsset("sitemapkit.status-view=loopback\n"
                                    // any Host is served: the same answers on every address of this machine
                                    + "sitemapkit.base-url=http://localhost:" + PORT + "/\n"
                                    + "quarkus.http.host=0.0.0.0\n"
                                    + "quarkus.http.proxy.proxy-address-forwarding=true\n"
                                    + "quarkus.http.proxy.allow-forwarded=true\n"
                                    + "quarkus.http.proxy.allow-x-forwarded=true\n"),
                            "application.properties"));

    /** The remote address as the application sees it, after Quarkus' forwarding rewrote it. */
    @Path("/remote-address")
    public static class RemoteAddress {
        @Context
        HttpServerRequest request;

        @GET
        public String get() {
            return request.remoteAddress().hostAddress();
        }
    }

    @Test
    void aRequestFromThisNodeSeesTheStatus() {
        Http.Response r = Http.get("http://127.0.0.1:" + PORT + STATUS);
        assertEquals(200, r.status(), r::describe);
        assertTrue(r.text().contains("pages"), r::describe);
    }

    @Test
    void forgedForwardedHeadersDoNotOpenIt() {
        String url = "http://127.0.0.1:" + PORT + STATUS;
        for (String[] header : Http.forgedLoopbackHeaders()) {
            assertEquals(404, Http.get(url, header).status(), header[0] + ": " + header[1]);
        }
    }

    @Test
    void theApplicationSeesTheForwardedAddressSitemapKitTheConnection() {
        // the forwarding this test relies on is on: the application's view is the header's
        assertEquals(
                "203.0.113.9",
                Http.get("http://127.0.0.1:" + PORT + "/remote-address", "X-Forwarded-For", "203.0.113.9")
                        .text());
    }

    @Test
    void aRequestFromAnotherAddressDoesNotSeeItForgedOrNot() throws SocketException {
        String other = otherAddress();
        Assumptions.assumeTrue(other != null, "this machine has no address but loopback to connect from");
        String base = "http://" + other + ":" + PORT;
        // the documents answer on that address; the status page does not, whatever the request says
        assertEquals(200, Http.get(base + "/sitemap.xml").status(), "control: " + base + "/sitemap.xml");
        assertEquals(404, Http.get(base + STATUS).status(), base + STATUS);
        assertEquals(
                404, Http.get(base + STATUS, "X-Forwarded-For", "127.0.0.1").status(), "X-Forwarded-For");
        assertEquals(404, Http.get(base + STATUS, "Forwarded", "for=127.0.0.1").status(), "Forwarded");
    }

    /** An IPv4 address of this machine that is not loopback: a connection to it comes from it, not from 127.x. */
    private static String otherAddress() throws SocketException {
        for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!n.isUp() || n.isLoopback()) {
                continue;
            }
            for (InetAddress a : Collections.list(n.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress()) {
                    return a.getHostAddress();
                }
            }
        }
        return null;
    }
}
