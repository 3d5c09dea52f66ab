package org.sitemapkit;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
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
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.robots.RobotsRules;
import org.sitemapkit.internal.robots.RobotsTxt;
import org.sitemapkit.internal.servlet.StaticRobots;
import org.sitemapkit.model.Site;

/**
 * The application's robots.txt with a {@code Sitemap} line added. Whatever the application
 * answers for {@code /robots.txt} (static file, servlet, JAX-RS, another filter) is captured
 * and kept byte for byte, unknown fields such as {@code Crawl-delay} included; the rules file
 * of the setting {@code robots} is appended; when the application has no robots.txt, those
 * rules alone are served. The line is not added twice.
 */
final class AppRobots {
    private static final System.Logger LOG = System.getLogger(SitemapFilter.class.getName());
    private static final Set<String> RFC_FIELDS = Set.of("user-agent", "allow", "disallow", "sitemap");

    private final byte[] rules;
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

    private AppRobots(byte[] rules, ServletContext context) {
        this.rules = rules;
        this.fallback = RobotsRules.parse(new String(join(staticFile(context), rules), StandardCharsets.UTF_8));
    }

    /**
     * The rules {@code site}'s robots.txt gives every crawler: the file last served for it, or,
     * before the first request for it, the WAR's static {@code /robots.txt} with the rules file.
     */
    RobotsRules rulesFor(Site site) {
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
    void onRulesChange(Consumer<Site> listener) {
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

    /**
     * The WAR's static {@code /robots.txt}; else the one an adapter handed over from where the
     * application keeps its static files (Spring Boot's {@code classpath:/static}).
     */
    private static byte[] staticFile(ServletContext context) {
        try (InputStream in = context.getResourceAsStream("/robots.txt")) {
            if (in != null) {
                return in.readAllBytes();
            }
        } catch (IOException e) {
            // unreadable: as if absent, below
        }
        byte[] handed = StaticRobots.get(context);
        return handed == null ? new byte[0] : handed;
    }

    /** Reads the configured rules file, failing start-up naming the key when it cannot be used. */
    static AppRobots load(ServletContext context, Settings settings) {
        String file = settings.robots().file().orElse(null);
        if (file == null) {
            return new AppRobots(new byte[0], context);
        }
        byte[] bytes;
        try (InputStream in = context.getResourceAsStream(file)) {
            if (in == null) {
                throw bad(file, "no such file in the web application");
            }
            bytes = in.readAllBytes();
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
        return new AppRobots(bytes, context);
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
     * The file to serve for {@code site}, or null when the application's own answer (a redirect,
     * an error, a file too large to amend) was sent on as it was.
     */
    byte[] answer(
            HttpServletRequest request,
            HttpServletResponse response,
            FilterChain chain,
            Site site,
            List<String> sitemaps)
            throws IOException, ServletException {
        CapturedResponse captured = new CapturedResponse(response);
        try {
            chain.doFilter(new PlainGetRequest(request), captured);
        } catch (IOException | ServletException | RuntimeException e) {
            if (notFound(e) && !captured.isSpilled()) {
                return withSitemaps(rules, sitemaps); // how Open Liberty says the file is missing
            }
            byte[] last = lastGood.get(site.base());
            if (last == null || captured.isSpilled()) {
                warnOnce(
                        site,
                        "the application failed to produce /robots.txt (" + e + "), and no good file of it"
                                + " was served before; the container answers the failure");
                throw e;
            }
            warnOnce(site, "the application failed to produce /robots.txt (" + e + "); serving its last good file");
            return last;
        }
        if (request.isAsyncStarted()) {
            // Answered asynchronously, straight to the client: it is the application's, unamended.
            warnOnce(
                    site,
                    "the application answers /robots.txt asynchronously, so it is served as the application"
                            + " writes it, without the Sitemap line; list /sitemap.xml there yourself");
            return null;
        }
        byte[] body = captured.isOk() ? utf8(captured) : null;
        if (captured.isOk() && body == null) {
            warnOnce(
                    site,
                    "the application's /robots.txt is not in the charset it names (" + captured.declaredCharset()
                            + "); served as it is, without the Sitemap line");
            captured.replay();
            return null;
        }
        if (captured.isOk()) {
            byte[] served = withSitemaps(join(body, rules), sitemaps);
            served(site, lastGood.put(site.base(), served), served);
            return served;
        }
        if (captured.isNotFound()) {
            return withSitemaps(rules, sitemaps);
        }
        byte[] last = lastGood.get(site.base());
        if (captured.getStatus() >= 500 && !captured.isSpilled() && last != null) {
            warnOnce(
                    site,
                    "the application answered /robots.txt with " + captured.getStatus()
                            + "; serving its last good file");
            return last;
        }
        captured.replay();
        return null;
    }

    /**
     * The captured file as UTF-8, which robots.txt is (RFC 9309) and which SitemapKit labels it:
     * bytes that name no charset are kept as they are; text in another charset is converted; null
     * when the bytes are not in the charset they name.
     */
    private static byte[] utf8(CapturedResponse captured) {
        byte[] body = captured.body();
        String name = captured.declaredCharset();
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

    private void warnOnce(Site site, String message) {
        if (warned.size() < 64 && warned.add(site.base() + message)) {
            LOG.log(Level.WARNING, "sitemapkit: " + message + " for " + site.base());
        }
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

    static byte[] withSitemaps(byte[] text, List<String> urls) {
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
