package org.sitemapkit.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Programs the test harnesses run to their end, such as a database server's set-up tools. */
public final class Commands {

    private Commands() {}

    /**
     * Runs a command and waits for it, up to two minutes.
     *
     * @param command the program and its arguments
     * @throws IllegalStateException with everything it printed, when it fails or does not finish in time
     * @throws IOException when it cannot be started
     * @throws InterruptedException when interrupted while waiting
     */
    public static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + out);
        }
    }
}
