package org.sitemapkit.internal.changes;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.sitemapkit.internal.DurableFiles;
import org.sitemapkit.model.Site;

/**
 * IndexNow URLs not yet submitted when the application stopped, kept beside a disk store's pages
 * and submitted after the next start: an acknowledged change is not lost to a restart. One line
 * a URL ({@code base TAB url}) under a version line, and a CRC-32 of it all as the last line; a
 * file torn or not ours is logged and ignored, never fatal.
 */
public final class PendingUrls {
    private static final System.Logger LOG = System.getLogger(PendingUrls.class.getName());
    public static final String FILE = "indexnow-pending";
    private static final String VERSION = "sitemapkit indexnow pending 1";

    private PendingUrls() {}

    /** Writes the URLs durably, replacing any file there; nothing when there are none. */
    public static void save(Path dir, Map<String, List<String>> bySite) throws IOException {
        StringBuilder text = new StringBuilder(VERSION).append('\n');
        bySite.forEach((base, urls) ->
                urls.forEach(url -> text.append(base).append('\t').append(url).append('\n')));
        byte[] body = text.toString().getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(body);
        byte[] trailer = String.format("crc32 %08x%n", crc.getValue()).getBytes(StandardCharsets.UTF_8);
        byte[] file = new byte[body.length + trailer.length];
        System.arraycopy(body, 0, file, 0, body.length);
        System.arraycopy(trailer, 0, file, body.length, trailer.length);
        Files.createDirectories(dir);
        DurableFiles.write(dir, dir.resolve(FILE), file, true);
    }

    /** Reads and deletes the file: the URLs by site, or none when there is no file or it is not whole. */
    public static Map<String, List<String>> take(Path dir) {
        Path path = dir.resolve(FILE);
        Map<String, List<String>> out = new LinkedHashMap<>();
        try {
            byte[] file = Files.readAllBytes(path);
            Files.delete(path);
            String text = new String(file, StandardCharsets.UTF_8);
            int last = text.lastIndexOf("crc32 ");
            if (last < 0 || !text.endsWith("\n")) {
                throw new IOException("no checksum line: the file is torn");
            }
            byte[] body = text.substring(0, last).getBytes(StandardCharsets.UTF_8);
            CRC32 crc = new CRC32();
            crc.update(body);
            if (!text.substring(last).equals(String.format("crc32 %08x%n", crc.getValue()))) {
                throw new IOException("its checksum does not match: the file is torn or not SitemapKit's");
            }
            String[] lines = text.substring(0, last).split("\n", -1);
            if (!lines[0].equals(VERSION)) {
                throw new IOException("not a file of this version");
            }
            for (int i = 1; i < lines.length - 1; i++) {
                int tab = lines[i].indexOf('\t');
                if (tab < 0) {
                    throw new IOException("line " + (i + 1) + " has no site");
                }
                String base = Site.of(lines[i].substring(0, tab)).base();
                out.computeIfAbsent(base, b -> new ArrayList<>()).add(lines[i].substring(tab + 1));
            }
            return out;
        } catch (NoSuchFileException e) {
            return out;
        } catch (IOException | RuntimeException e) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: ignoring the IndexNow URLs kept at the last stop in {0}: {1}",
                    path,
                    e.getMessage());
            return new LinkedHashMap<>();
        }
    }
}
