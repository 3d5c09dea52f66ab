package org.sitemapkit.internal.indexnow;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.LogManager;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.model.Site;

/**
 * A JVM that stops while 400 changed URLs wait for an endpoint that never answers, and whose
 * logging is reset before SitemapKit closes, as JUL's own shutdown hook may do first.
 */
public final class ShutdownProbe {
    private ShutdownProbe() {}

    public static void main(String[] args) throws Exception {
        HttpServer hanging = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        hanging.createContext("/indexnow", exchange -> {
            try {
                Thread.sleep(600_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        hanging.start();
        IndexNowSubmitter submitter = new IndexNowSubmitter(
                URI.create("http://127.0.0.1:" + hanging.getAddress().getPort() + "/indexnow"),
                "0123456789abcdef",
                Threads.of(null));
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            urls.add("https://shop.example.com/products/" + i);
        }
        submitter.submit(Site.of("https://shop.example.com/"), urls);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LogManager.getLogManager().reset(); // logging is gone, as it may be when the container stops
            submitter.close();
        }));
        Thread.sleep(300); // the first request is in flight
        System.exit(0);
    }
}
