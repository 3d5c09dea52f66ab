package org.sitemapkit.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.sitemapkit.testsupport.Dirs;

/**
 * Debian's headless Chromium driven by Selenium, so tests check what a person's browser gets. The driver and the
 * browser are named explicitly: Selenium Manager, which would look for (and download) them, never runs.
 */
final class Browser implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final ChromeDriver driver;
    private final Path workDir;

    private Browser(ChromeDriver driver, Path workDir) {
        this.driver = driver;
        this.workDir = workDir;
    }

    /** Skips the calling test, saying how to install them, when Chromium or chromedriver is missing. */
    static void assumeInstalled() {
        Assumptions.assumeTrue(
                Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Chromium not installed (" + CHROMIUM + ", " + CHROMEDRIVER
                        + "): apt-get install chromium chromium-driver");
    }

    /** Starts chromedriver on a free port and opens a headless Chromium session with a fresh profile. */
    static Browser start() {
        Path workDir = Dirs.createTemp("sitemapkit-browser");
        try {
            Path tmp = workDir.resolve("tmp");
            Dirs.createDirectories(tmp);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER.toFile())
                    .usingAnyFreePort()
                    .withLogFile(workDir.resolve("chromedriver.log").toFile())
                    // Chromium's scratch directories then go with the rest of this session's files.
                    .withEnvironment(Map.of("TMPDIR", tmp.toString()))
                    .build();
            ChromeOptions options = new ChromeOptions()
                    .setBinary(CHROMIUM.toFile())
                    .addArguments(
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
            options.setPageLoadTimeout(Duration.ofSeconds(30));
            options.setScriptTimeout(Duration.ofSeconds(30));
            options.setImplicitWaitTimeout(Duration.ZERO);
            return new Browser(new ChromeDriver(service, options), workDir);
        } catch (RuntimeException e) {
            Dirs.delete(workDir);
            throw e;
        }
    }

    /** The Selenium driver of this browser. */
    ChromeDriver driver() {
        return driver;
    }

    /** Writes a PNG of the viewport to {@code png}, creating its directory. */
    void screenshot(Path png) {
        byte[] image = driver.getScreenshotAs(OutputType.BYTES);
        try {
            Files.createDirectories(png.toAbsolutePath().getParent());
            Files.write(png, image);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the session, stops chromedriver and Chromium, and deletes the profile. */
    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            Dirs.delete(workDir);
        }
    }
}
