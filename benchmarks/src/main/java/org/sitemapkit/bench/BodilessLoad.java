package org.sitemapkit.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * A load generator for answers without a body (HEAD, 304), which wrk cannot load: wrk 4.1 reads
 * the Content-Length of a HEAD answer (or of a 304 that carries one) as a body to wait for, and hangs. One thread, one selector, a
 * fixed number of keep-alive connections, each sending one request and reading the answer's
 * headers up to the blank line before it sends the next, as wrk does. Run as a child JVM, so it
 * can be pinned apart from the servers:
 *
 * <pre>java -cp benchmarks.jar org.sitemapkit.bench.BodilessLoad METHOD URL CONNECTIONS SECONDS WARMUP [HEADER: VALUE]...</pre>
 *
 * It prints one line: {@code requests N seconds S p50 MS p99 MS errors N bytes N warmup N}. With
 * {@code --stdin} alone it reads such argument lists from its input, one a line separated by tabs,
 * and prints one such line for each, until the input ends. Only 127.0.0.1
 * is ever targeted; it stops after the warm-up and the run.
 */
public final class BodilessLoad {
    private BodilessLoad() {}

    private static final int MAX_SAMPLES = 10_000_000;

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("--stdin")) {
            // one run for each line read, its arguments separated by tabs, until the input ends: one
            // JVM, warmed up once, loads every server of a benchmark alike
            java.io.BufferedReader in =
                    new java.io.BufferedReader(new java.io.InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                System.out.println(once(line.split("\t")));
                System.out.flush();
            }
            return;
        }
        System.out.println(once(args));
    }

    /** One run: the line {@link #main} prints. */
    private static String once(String[] args) throws IOException {
        String method = args[0];
        java.net.URI url = java.net.URI.create(args[1]);
        if (!"127.0.0.1".equals(url.getHost())) {
            throw new IllegalArgumentException("only 127.0.0.1 is loaded: " + url);
        }
        int connections = Integer.parseInt(args[2]);
        int seconds = Integer.parseInt(args[3]);
        int warmup = Integer.parseInt(args[4]);
        StringBuilder req = new StringBuilder()
                .append(method)
                .append(' ')
                .append(url.getRawPath())
                .append(" HTTP/1.1\r\nHost: ")
                .append(url.getHost())
                .append(':')
                .append(url.getPort())
                .append("\r\n");
        for (int i = 5; i < args.length; i++) {
            req.append(args[i]).append("\r\n");
        }
        byte[] request = req.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        InetSocketAddress address = new InetSocketAddress(url.getHost(), url.getPort());
        long warmed = warmup > 0 ? run(address, request, connections, warmup, new long[1 << 20])[0] : 0;
        long[] samples = SAMPLES.get();
        long[] r = run(address, request, connections, seconds, samples);
        int n = (int) Math.min(r[0], samples.length);
        Arrays.sort(samples, 0, n);
        return String.format(
                Locale.ROOT,
                "requests %d seconds %.3f p50 %.4f p99 %.4f errors %d bytes %d warmup %d",
                r[0],
                r[1] / 1e9,
                n == 0 ? 0 : samples[(int) Math.min(n - 1, Math.ceil(n * 0.50) - 1)] / 1e6,
                n == 0 ? 0 : samples[(int) Math.min(n - 1, Math.ceil(n * 0.99) - 1)] / 1e6,
                r[2],
                r[3],
                warmed);
    }

    /** The latencies of a run, one array for all runs of a JVM. */
    private static final ThreadLocal<long[]> SAMPLES = ThreadLocal.withInitial(() -> new long[MAX_SAMPLES]);

    /** One connection's state. */
    private static final class Conn {
        SocketChannel channel;
        final ByteBuffer in = ByteBuffer.allocateDirect(64 * 1024);
        long sent;
        /** How many of {@code \r\n\r\n} the bytes read so far end with. */
        int matched;
        /** Bytes of the answer read so far. */
        long pos;

        boolean ok;
    }

    /** {requests, elapsed nanos, errors, bytes read}; latencies in {@code samples}. */
    private static long[] run(InetSocketAddress address, byte[] request, int connections, int seconds, long[] samples)
            throws IOException {
        ByteBuffer out = ByteBuffer.allocateDirect(request.length);
        out.put(request).flip();
        long requests = 0;
        long errors = 0;
        long bytes = 0;
        try (Selector selector = Selector.open()) {
            Conn[] conns = new Conn[connections];
            long start = System.nanoTime();
            long deadline = start + TimeUnit.SECONDS.toNanos(seconds);
            for (int i = 0; i < connections; i++) {
                conns[i] = new Conn();
                open(selector, conns[i], address);
                send(conns[i], out);
            }
            while (System.nanoTime() < deadline) {
                if (selector.select(100) == 0) {
                    continue;
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    Conn c = (Conn) key.attachment();
                    c.in.clear();
                    int read;
                    try {
                        read = c.channel.read(c.in);
                    } catch (IOException e) {
                        read = -1;
                    }
                    if (read < 0) {
                        errors++;
                        key.cancel();
                        c.channel.close();
                        open(selector, c, address);
                        send(c, out);
                        continue;
                    }
                    bytes += read;
                    boolean done = false;
                    for (int i = 0; i < read; i++) {
                        byte b = c.in.get(i);
                        if (c.pos == 9) {
                            // "HTTP/1.1 200" or "HTTP/1.1 304": the status's first digit
                            c.ok = b == '2' || b == '3';
                        }
                        c.pos++;
                        if (b == (c.matched % 2 == 0 ? '\r' : '\n')) {
                            c.matched++;
                        } else {
                            c.matched = b == '\r' ? 1 : 0;
                        }
                        if (c.matched == 4) {
                            if (i != read - 1) {
                                errors++; // bytes after the headers: a body this answer must not have
                            }
                            done = true;
                            break;
                        }
                    }
                    if (done) {
                        long now = System.nanoTime();
                        if (c.ok) {
                            if (requests < samples.length) {
                                samples[(int) requests] = now - c.sent;
                            }
                            requests++;
                        } else {
                            errors++;
                        }
                        send(c, out);
                    }
                }
                selector.selectedKeys().clear();
            }
            long elapsed = System.nanoTime() - start;
            for (Conn c : conns) {
                c.channel.close();
            }
            return new long[] {requests, elapsed, errors, bytes};
        }
    }

    private static void open(Selector selector, Conn c, InetSocketAddress address) throws IOException {
        c.channel = SocketChannel.open(address);
        c.channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        c.channel.configureBlocking(false);
        c.channel.register(selector, SelectionKey.OP_READ, c);
    }

    private static void send(Conn c, ByteBuffer out) throws IOException {
        ByteBuffer b = out.duplicate();
        c.matched = 0;
        c.ok = false;
        c.pos = 0;
        c.sent = System.nanoTime();
        while (b.hasRemaining()) {
            c.channel.write(b); // a few dozen bytes into an empty socket buffer: one write
        }
    }
}
