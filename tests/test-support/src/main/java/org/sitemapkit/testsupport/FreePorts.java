package org.sitemapkit.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Ports that are free on 127.0.0.1 right now, for servers that cannot be told to take port 0 and report it.
 * All are held open together until each is known, so the ones returned are distinct.
 */
public final class FreePorts {

    private FreePorts() {}

    /** {@code count} distinct ports, free when this returns. */
    public static int[] take(int count) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            InetAddress loopback = InetAddress.getByName("127.0.0.1");
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket(0, 1, loopback);
                held.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (ServerSocket s : held) {
                try {
                    s.close();
                } catch (IOException e) {
                    // closing a listening socket we own does not fail in a way that matters here
                }
            }
        }
    }
}
