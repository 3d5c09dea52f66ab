package org.sitemapkit.internal.indexnow;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTP server on loopback that records every request and answers from a script, then 200
 * once the script is spent. Handlers run on their own threads, so one that hangs holds up nothing
 * but its own exchange.
 */
final class RecordingServer implements AutoCloseable {
    record Request(String method, String path, String contentType, String body, long nanos) {}

    /** One scripted answer. */
    static final class Reply {
        final int status;
        final String body;
        final Map<String, String> headers = new LinkedHashMap<>();
        long delayMillis;
        boolean hang;
        boolean abort;

        private Reply(int status, String body) {
            this.status = status;
            this.body = body;
        }

        static Reply status(int status) {
            return new Reply(status, "");
        }

        static Reply status(int status, String body) {
            return new Reply(status, body);
        }

        /** Never answers until the server is closed. */
        static Reply hang() {
            Reply r = new Reply(200, "");
            r.hang = true;
            return r;
        }

        /** Closes the connection without an answer. */
        static Reply abort() {
            Reply r = new Reply(0, "");
            r.abort = true;
            return r;
        }

        Reply header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        Reply delay(long millis) {
            delayMillis = millis;
            return this;
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final CountDownLatch release = new CountDownLatch(1);
    private final Deque<Reply> script;
    private final List<Request> requests = new ArrayList<>();

    RecordingServer(Reply... script) throws IOException {
        this.script = new ArrayDeque<>(List.of(script));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/indexnow", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    URI endpoint() {
        String host = server.getAddress().getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":"
                + server.getAddress().getPort() + "/indexnow");
    }

    synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    /** Waits until at least {@code n} requests have arrived; fails on timeout. */
    synchronized List<Request> awaitRequests(int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (requests.size() < n) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("only " + requests.size() + " of " + n + " requests arrived");
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return List.copyOf(requests);
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Reply reply;
        synchronized (this) {
            requests.add(new Request(
                    exchange.getRequestMethod(),
                    exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    new String(body, StandardCharsets.UTF_8),
                    System.nanoTime()));
            reply = script.isEmpty() ? Reply.status(200) : script.poll();
            notifyAll();
        }
        try {
            if (reply.hang) {
                release.await();
            }
            if (reply.delayMillis > 0) {
                Thread.sleep(reply.delayMillis);
            }
        } catch (InterruptedException e) {
            exchange.close();
            return;
        }
        if (reply.abort) {
            exchange.close();
            return;
        }
        try {
            reply.headers.forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            byte[] out = reply.body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(reply.status, out.length == 0 ? -1 : out.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(out);
            }
        } catch (IOException e) {
            // the client gave up, as it should after its timeout
        } finally {
            exchange.close();
        }
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
