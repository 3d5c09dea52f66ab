package org.sitemapkit.internal.robots;

import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.model.Site;

/**
 * The application's robots.txt with a {@code Sitemap} line added. Whatever the application
 * answers for {@code /robots.txt} (static file, servlet, JAX-RS, another filter), as the adapter
 * captured it, is kept byte for byte, unknown fields such as {@code Crawl-delay} included; the
 * rules file of the setting {@code robots} is appended; when the application has no robots.txt,
 * those rules alone are served. The line is not added twice.
 */
public final class RobotsFiles {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.SitemapFilter");
    private static final Set<String> RFC_FIELDS = Set.of("user-agent", "allow", "disallow", "sitemap");

    private final byte[] rules;
    /** The static robots.txt the adapter found, which it serves when nothing else answers. */
    private final byte[] staticFile;
    /** What robots.txt says before any request for it: the WAR's static file with the rules file. */
    private final RobotsRules fallback;
    /** The parsed rules per site, with the file they came from: parsed again only when it changes. */
    private final ConcurrentHashMap<String, Parsed> parsed = new ConcurrentHashMap<>();
    /** The last amended file per site, served when the application fails (never a 5xx on robots.txt). */
    private final ConcurrentHashMap<String, byte[]> lastGood = new ConcurrentHashMap<>();

    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    /** Told of a site whose served file changed its rules for every crawler; nothing unless set. */
    private volatile Consumer<Site> rulesChanged = site -> {};

    private record Parsed(byte[] text, RobotsRules rules) {}

    private RobotsFiles(byte[] rules, byte[] staticFile) {
        this.rules = rules;
        this.staticFile = staticFile;
        this.fallback = RobotsRules.parse(new String(join(staticFile, rules), StandardCharsets.UTF_8));
    }

    /**
     * The rules {@code site}'s robots.txt gives every crawler: the file last served for it, or,
     * before the first request for it, the WAR's static {@code /robots.txt} with the rules file.
     */
    public RobotsRules rulesFor(Site site) {
        byte[] served = lastGood.get(site.base());
        return served == null ? fallback : rulesOf(site, served);
    }

    private RobotsRules rulesOf(Site site, byte[] served) {
        Parsed cached = parsed.get(site.base());
        if (cached != null && Arrays.equals(cached.text(), served)) {
            return cached.rules();
        }
        RobotsRules r = RobotsRules.parse(new String(served, StandardCharsets.UTF_8));
        if (parsed.size() < 64) {
            parsed.put(site.base(), new Parsed(served, r));
        }
        return r;
    }

    /**
     * Who is told of a site whose robots.txt, served anew, gives every crawler other rules than
     * {@link #rulesFor} gave before: sections rendered with the old rules list what is now
     * disallowed, or leave out what is now allowed.
     */
    public void onRulesChange(Consumer<Site> listener) {
        rulesChanged = Objects.requireNonNull(listener, "listener");
    }

    /**
     * A file was served for {@code site} in place of {@code before} (null: the fallback was in
     * force). Parsed only when the bytes differ, which is rare: most requests serve the same file.
     */
    private void served(Site site, byte[] before, byte[] served) {
        if (before != null && Arrays.equals(before, served)) {
            return;
        }
        RobotsRules old = before == null ? fallback : rulesOf(site, before);
        if (!old.equals(rulesOf(site, served))) {
            rulesChanged.accept(site);
        }
    }

    /** Where the application's own files are, as the adapter that serves it reaches them. */
    public interface Source {
        /** A file of the application by its path (the {@code robots} rules file), or null when absent. */
        byte[] resource(String path) throws IOException;

        /** Where {@link #resource} looks, for a message: {@code web application}, {@code class path}. */
        String resources();

        /** The application's static robots.txt, or null when it has none that the adapter can read. */
        byte[] staticRobots();
    }

    /**
     * Reads the configured rules file, failing start-up naming the key when it cannot be used.
     *
     * @param file the {@code robots} setting: the rules file's path, or null for none
     */
    public static RobotsFiles load(Source host, String file) {
        byte[] staticFile = host.staticRobots();
        staticFile = staticFile == null ? new byte[0] : staticFile;
        if (file == null) {
            return new RobotsFiles(new byte[0], staticFile);
        }
        byte[] bytes;
        try {
            bytes = host.resource(file);
            if (bytes == null) {
                throw bad(file, "no such file in the " + host.resources());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw bad(file, "not UTF-8, as RFC 9309 requires");
        }
        if (bytes.length + 2100 > RobotsTxt.MAX_BYTES) {
            throw bad(
                    file,
                    bytes.length + " bytes; with a Sitemap line it would pass the " + RobotsTxt.MAX_BYTES
                            + "-byte limit crawlers read");
        }
        List<String> unusual = unusualLines(text);
        if (!unusual.isEmpty()) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: {0} has lines RFC 9309 does not define, served as written: {1}",
                    file,
                    unusual);
        }
        return new RobotsFiles(bytes, staticFile);
    }

    private static IllegalArgumentException bad(String file, String why) {
        return new IllegalArgumentException("bad SitemapKit setting sitemapkit.robots=\"" + file + "\": " + why);
    }

    /** Lines with a field other than RFC 9309's, or no field at all: kept, but worth a word. */
    static List<String> unusualLines(String text) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int hash = line.indexOf('#');
            String content = (hash < 0 ? line : line.substring(0, hash)).strip();
            if (content.isEmpty()) {
                continue;
            }
            int colon = content.indexOf(':');
            String field =
                    colon < 0 ? null : content.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            if (field == null || !RFC_FIELDS.contains(field)) {
                out.add("line " + (i + 1) + ": "
                        + LogText.quote(content.length() > 60 ? content.substring(0, 60) + "..." : content));
            }
        }
        return out;
    }

    /**
     * The file to serve for {@code site} after the application answered {@code status} with
     * {@code body} (null when it was too large to hold), or null when the application's own answer
     * (a redirect, an error, a file too large to amend, bytes not in their charset) goes out as it
     * was.
     *
     * @param declaredCharset the charset the answer's Content-Type names, or null
     */
    public byte[] answered(Site site, int status, byte[] body, String declaredCharset, List<String> sitemaps) {
        boolean ok = status == 200 && body != null;
        byte[] text = ok ? utf8(body, declaredCharset) : null;
        if (ok && text == null) {
            warnOnce(
                    site,
                    "the application's /robots.txt is not in the charset it names (" + declaredCharset
                            + "); served as it is, without the Sitemap line");
            return null;
        }
        if (ok) {
            byte[] served = withSitemaps(join(text, rules), sitemaps);
            served(site, lastGood.put(site.base(), served), served);
            return served;
        }
        if (body != null && (status == 404 || status == 410)) {
            return withSitemaps(rules, sitemaps);
        }
        byte[] last = lastGood.get(site.base());
        if (status >= 500 && body != null && last != null) {
            warnOnce(site, "the application answered /robots.txt with " + status + "; serving its last good file");
            return last;
        }
        return null;
    }

    /**
     * The file to serve when nothing of the application answered {@code /robots.txt} where the
     * adapter could see it, though the runtime may serve its static file elsewhere (the JAX-RS
     * filter, before Quarkus' static files): the static file and the rules file.
     */
    public byte[] unanswered(Site site, List<String> sitemaps) {
        return withSitemaps(join(staticFile, rules), sitemaps);
    }

    /**
     * The file to serve for {@code site} after the application failed with {@code e} before its
     * answer went out, or null when the failure must go out as it is (no good file was served
     * before, or part of the answer already left).
     */
    public byte[] failed(Site site, Throwable e, boolean spilled, List<String> sitemaps) {
        if (notFound(e) && !spilled) {
            return withSitemaps(rules, sitemaps); // how Open Liberty says the file is missing
        }
        byte[] last = lastGood.get(site.base());
        if (last == null || spilled) {
            warnOnce(
                    site,
                    "the application failed to produce /robots.txt (" + e + "), and no good file of it"
                            + " was served before; the container answers the failure");
            return null;
        }
        warnOnce(site, "the application failed to produce /robots.txt (" + e + "); serving its last good file");
        return last;
    }

    /** Says once per site and message what the adapter could not do with the application's robots.txt. */
    public void warnOnce(Site site, String message) {
        if (warned.size() < 64 && warned.add(site.base() + message)) {
            LOG.log(Level.WARNING, "sitemapkit: " + message + " for " + site.base());
        }
    }

    /**
     * The captured file as UTF-8, which robots.txt is (RFC 9309) and which SitemapKit labels it:
     * bytes that name no charset are kept as they are; text in another charset is converted; null
     * when the bytes are not in the charset they name.
     */
    private static byte[] utf8(byte[] body, String name) {
        if (name == null) {
            return body;
        }
        Charset charset;
        try {
            charset = Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII)) {
            return body;
        }
        try {
            String text = charset.newDecoder().decode(ByteBuffer.wrap(body)).toString();
            return text.getBytes(StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** A {@link FileNotFoundException} anywhere in the chain: the file does not exist. */
    private static boolean notFound(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof FileNotFoundException) {
                return true;
            }
        }
        return false;
    }

    private static byte[] join(byte[] app, byte[] rules) {
        if (rules.length == 0) {
            return app;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(app.length + rules.length + 2);
        out.writeBytes(app);
        if (app.length > 0) {
            if (!endsWithLineBreak(app)) {
                out.write('\n');
            }
            out.write('\n');
        }
        out.writeBytes(rules);
        return out.toByteArray();
    }

    public static byte[] withSitemaps(byte[] text, List<String> urls) {
        byte[] out = text;
        for (String url : urls) {
            out = withSitemap(out, url);
        }
        return out;
    }

    /**
     * {@code text} with {@code Sitemap: url} appended after a blank line, or first when appending
     * would push it past the size crawlers read; unchanged when it already has that line.
     */
    static byte[] withSitemap(byte[] text, String url) {
        // Latin-1 maps every byte to one char, so offsets and the bytes written back are exact.
        String s = new String(text, StandardCharsets.ISO_8859_1);
        if (hasSitemap(s, url)) {
            return text;
        }
        byte[] line = ("Sitemap: " + url + "\n").getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length + line.length + 2);
        if (text.length + line.length + 2 > RobotsTxt.MAX_BYTES) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: the application''s robots.txt is {0} bytes, near the {1}"
                            + " crawlers read; the Sitemap line goes first",
                    text.length,
                    RobotsTxt.MAX_BYTES);
            out.writeBytes(line);
            out.writeBytes(text);
            return out.toByteArray();
        }
        out.writeBytes(text);
        if (text.length > 0) {
            if (!endsWithLineBreak(text)) {
                out.write('\n');
            }
            if (!s.endsWith("\n\n") && !s.endsWith("\r\n\r\n") && !s.endsWith("\r\r") && !endsWithSitemapLine(s)) {
                out.write('\n');
            }
        }
        out.writeBytes(line);
        return out.toByteArray();
    }

    /** Sitemap lines we add stand together, after one blank line. */
    private static boolean endsWithSitemapLine(String text) {
        String trimmed = text.stripTrailing();
        int start = Math.max(trimmed.lastIndexOf('\n'), trimmed.lastIndexOf('\r')) + 1;
        return trimmed.regionMatches(true, start, "sitemap:", 0, 8);
    }

    private static boolean endsWithLineBreak(byte[] text) {
        byte last = text[text.length - 1];
        return last == '\n' || last == '\r';
    }

    private static boolean hasSitemap(String text, String url) {
        for (String line : text.split("\r\n|\r|\n")) {
            int hash = line.indexOf('#');
            String content = (hash < 0 ? line : line.substring(0, hash)).strip();
            int colon = content.indexOf(':');
            if (colon > 0
                    && content.substring(0, colon).strip().equalsIgnoreCase("sitemap")
                    && content.substring(colon + 1).strip().equals(url)) {
                return true;
            }
        }
        return false;
    }
}
