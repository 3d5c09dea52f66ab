package org.sitemapkit.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A minimal W3C WebDriver client driving Debian's headless Chromium through chromedriver, so tests can check
 * what a person's browser gets without Selenium. Element references are the protocol's opaque id strings.
 */
public final class WebDriver implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
    private static final Duration STARTUP = Duration.ofSeconds(30);

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final Process driver;
    private final Path workDir;
    private final URI driverUri;
    private String sessionId;

    private WebDriver(Process driver, Path workDir, URI driverUri) {
        this.driver = driver;
        this.workDir = workDir;
        this.driverUri = driverUri;
    }

    /** Whether Chromium and chromedriver are installed ({@code apt-get install chromium chromium-driver}). */
    public static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    /** Starts chromedriver on a free port and opens a headless Chromium session with a fresh profile. */
    public static WebDriver start() {
        Path workDir = createTempDir();
        int port = freePort();
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(CHROMEDRIVER.toString(), "--port=" + port)
                    .redirectErrorStream(true)
                    .redirectOutput(workDir.resolve("chromedriver.log").toFile());
            // Chromium's scratch directories then go with the rest of this session's files.
            builder.environment()
                    .put("TMPDIR", Files.createDirectory(workDir.resolve("tmp")).toString());
            process = builder.start();
        } catch (IOException e) {
            TempDirs.delete(workDir);
            throw new UncheckedIOException("cannot run " + CHROMEDRIVER, e);
        }
        WebDriver webDriver = new WebDriver(process, workDir, URI.create("http://127.0.0.1:" + port + "/"));
        try {
            webDriver.awaitReady();
            webDriver.openSession();
            return webDriver;
        } catch (RuntimeException e) {
            webDriver.quit();
            throw e;
        }
    }

    /** Loads a page and waits for it, as a typed-in address would. */
    public void navigate(URI url) {
        command("POST", "url", Map.of("url", url.toString()));
    }

    public String title() {
        return (String) command("GET", "title", null);
    }

    public String currentUrl() {
        return (String) command("GET", "url", null);
    }

    /** The ids of the elements matching a CSS selector, in document order; empty when none match. */
    public List<String> findElements(String css) {
        List<?> found = (List<?>) command("POST", "elements", Map.of("using", "css selector", "value", css));
        List<String> ids = new ArrayList<>();
        for (Object element : found) {
            ids.add((String) ((Map<?, ?>) element).get(ELEMENT));
        }
        return ids;
    }

    /** The rendered, visible text of an element. */
    public String text(String element) {
        return (String) command("GET", "element/" + element + "/text", null);
    }

    /** An attribute of an element, or null when it has none. */
    public String attribute(String element, String name) {
        Object value = command("GET", "element/" + element + "/attribute/" + name, null);
        return value == null ? null : value.toString();
    }

    /** Clicks an element like a person; a navigation it starts is waited for by chromedriver. */
    public void click(String element) {
        command("POST", "element/" + element + "/click", Map.of());
    }

    /** Writes a PNG of the viewport to {@code png}, creating its directory. */
    public void screenshot(Path png) {
        byte[] image = Base64.getDecoder().decode((String) command("GET", "screenshot", null));
        try {
            Files.createDirectories(png.toAbsolutePath().getParent());
            Files.write(png, image);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the browser session, stops chromedriver and deletes the profile; safe to call twice. */
    public void quit() {
        try {
            if (sessionId != null) {
                String id = sessionId;
                sessionId = null;
                send("DELETE", driverUri.resolve("session/" + id), null);
            }
        } catch (RuntimeException e) {
            // The browser is going away regardless: its processes are ended below.
        } finally {
            driver.descendants().forEach(ProcessHandle::destroy);
            driver.destroy();
            awaitExit();
            TempDirs.delete(workDir);
        }
    }

    @Override
    public void close() {
        quit();
    }

    private void awaitExit() {
        try {
            if (!driver.waitFor(5, TimeUnit.SECONDS)) {
                driver.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + STARTUP.toNanos();
        while (System.nanoTime() < deadline) {
            if (!driver.isAlive()) {
                throw new IllegalStateException("chromedriver exited with " + driver.exitValue() + ": " + log());
            }
            try {
                Map<?, ?> status = (Map<?, ?>) send("GET", driverUri.resolve("status"), null);
                if (Boolean.TRUE.equals(status.get("ready"))) {
                    return;
                }
            } catch (UncheckedIOException notListeningYet) {
                // Polled again below.
            }
            sleep(100);
        }
        throw new IllegalStateException("chromedriver not ready after " + STARTUP + ": " + log());
    }

    private void openSession() {
        List<String> args = List.of(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1280,800",
                "--user-data-dir=" + workDir.resolve("profile"));
        Map<String, Object> chrome = Map.of("binary", CHROMIUM.toString(), "args", args);
        Map<String, Object> timeouts = Map.of("pageLoad", 30_000, "script", 30_000, "implicit", 0);
        Map<String, Object> always =
                Map.of("browserName", "chrome", "goog:chromeOptions", chrome, "timeouts", timeouts);
        Map<?, ?> created = (Map<?, ?>)
                send("POST", driverUri.resolve("session"), Map.of("capabilities", Map.of("alwaysMatch", always)));
        sessionId = (String) created.get("sessionId");
    }

    private Object command(String method, String path, Object body) {
        if (sessionId == null) {
            throw new IllegalStateException("no browser session (quit already?)");
        }
        return send(method, driverUri.resolve("session/" + sessionId + "/" + path), body);
    }

    /** Sends one protocol request and returns its "value"; a protocol error becomes an exception. */
    private Object send(String method, URI uri, Object body) {
        HttpRequest.BodyPublisher publisher = body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(Json.write(body), StandardCharsets.UTF_8);
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json; charset=utf-8")
                .method(method, publisher)
                .build();
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + method + " " + uri, e);
        }
        Object value = ((Map<?, ?>) Json.read(response.body())).get("value");
        if (response.statusCode() != 200) {
            Map<?, ?> error = value instanceof Map<?, ?> m ? m : Map.of();
            throw new IllegalStateException("WebDriver " + method + " " + uri.getPath() + " -> " + response.statusCode()
                    + " " + error.get("error") + ": " + error.get("message"));
        }
        return value;
    }

    private String log() {
        try {
            String log = Files.readString(workDir.resolve("chromedriver.log"), StandardCharsets.UTF_8);
            return log.length() > 2_000 ? log.substring(log.length() - 2_000) : log;
        } catch (IOException e) {
            return "(no chromedriver log: " + e + ")";
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path createTempDir() {
        try {
            return Files.createTempDirectory("sitemapkit-webdriver");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
