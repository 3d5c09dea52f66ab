package org.sitemapkit.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Reads a server's log file: its tail for failure messages, and the stack traces that pass through SitemapKit. */
final class ServerLog {

    /**
     * A stack frame of SitemapKit's code. The JDK prefixes a frame with its class loader's and module's names when
     * they have one, and WildFly's do ({@code at deployment.indexed.war//org.sitemapkit...}). Frames of this harness
     * ({@code org.sitemapkit.servers}, {@code org.sitemapkit.testsupport}) are not SitemapKit's: the in-process Tomcat logs them when it fails in a
     * test's thread.
     */
    private static final Pattern SITEMAPKIT_FRAME =
            Pattern.compile("^\\s*at (?:\\S*/)?org\\.sitemapkit\\.(?!servers\\.|testsupport\\.)");

    private static final Pattern ANY_FRAME = Pattern.compile("^\\s*(at |\\.\\.\\. \\d+ more|Caused by: )");
    /** Colours WildFly's and Payara's console handlers write. */
    private static final Pattern ANSI = Pattern.compile("\\u001B\\[[0-9;]*m");

    private ServerLog() {}

    /** The whole log as lines, without colour codes; bytes that are not UTF-8 are replaced, not fatal. */
    static List<String> lines(Path log) {
        if (!Files.exists(log)) {
            return List.of();
        }
        try {
            String text = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
            return ANSI.matcher(text).replaceAll("").lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The last {@code n} lines, framed for a failure message. */
    static String tail(Path log, int n) {
        List<String> all = lines(log);
        List<String> last = all.subList(Math.max(0, all.size() - n), all.size());
        return "---- last " + last.size() + " of " + all.size() + " lines of " + log + " ----\n"
                + String.join("\n", last) + "\n---- end of " + log.getFileName() + " ----";
    }

    /**
     * Every stack trace with a frame in {@code org.sitemapkit}, summarised: the lines that say what was thrown
     * (the message above the first frame, and each "Caused by:") and the first SitemapKit frame.
     */
    static List<String> sitemapKitStackTraces(Path log) {
        List<String> lines = lines(log);
        List<String> traces = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            if (!ANY_FRAME.matcher(lines.get(i)).find() || lines.get(i).trim().startsWith("Caused by: ")) {
                i++;
                continue;
            }
            int start = i;
            while (i < lines.size() && ANY_FRAME.matcher(lines.get(i)).find()) {
                i++;
            }
            List<String> block = lines.subList(start, i);
            String frame = block.stream()
                    .filter(l -> SITEMAPKIT_FRAME.matcher(l).find())
                    .findFirst()
                    .orElse(null);
            if (frame != null) {
                StringBuilder summary = new StringBuilder();
                for (int h = Math.max(0, start - 2); h < start; h++) {
                    String header = lines.get(h).strip();
                    summary.append(header.length() > 200 ? header.substring(0, 200) + "..." : header)
                            .append(" | ");
                }
                block.stream()
                        .filter(l -> l.trim().startsWith("Caused by: "))
                        .forEach(l -> summary.append(l.strip()).append(" | "));
                summary.append(frame.strip())
                        .append(" (log line ")
                        .append(start + 1)
                        .append(')');
                traces.add(summary.toString());
            }
        }
        return traces;
    }
}
