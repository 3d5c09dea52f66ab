package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.SiteMapURL;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/** Hostile locs: the output stays valid, and whatever cannot be written is counted. */
class AdversarialUrlTest {
    static final Site SITE = UrlsetWriterTest.SITE;
    static final String BASE = "https://shop.example.com";

    /** Writes one URL; returns the loc as written, or the skip reason's name. */
    static String outcome(String loc) throws IOException {
        MemorySink sink = new MemorySink(false);
        UrlsetWriter w = new UrlsetWriter(
                SITE, "pages", PageOptions.builder().gzip(false).build(), sink);
        SitemapUrl url;
        try {
            url = SitemapUrl.of(loc);
        } catch (IllegalArgumentException e) {
            return "REFUSED"; // the builder refuses what no writer could ever write
        }
        boolean written = w.write(url);
        w.finish();
        if (!written) {
            assertEquals(0, sink.size());
            return w.skipped().keySet().iterator().next().name();
        }
        Validation.validUrlset(sink.xml(0));
        List<SiteMapURL> read = Validation.crawl(sink.xml(0), BASE + "/sitemap.xml");
        assertEquals(1, read.size());
        return read.get(0).getUrl().toString();
    }

    @ParameterizedTest
    @CsvSource(
            delimiterString = " => ",
            value = {
                "https://evil.example.com/x => OTHER_HOST",
                "https://shop.example.com.evil.com/x => OTHER_HOST",
                "http://shop.example.com/x => OTHER_SCHEME",
                "https://shop.example.com:8443/x => OTHER_PORT",
                "https://shop.example.com/a/../b => DOT_SEGMENT",
                "https://shop.example.com/a/%2E%2e/b => DOT_SEGMENT",
                "https://shop.example.com/./a => DOT_SEGMENT",
                "https://shop.example.com/a/.. => DOT_SEGMENT",
                "https://shop.example.com/a/.?q => DOT_SEGMENT",
                "https://shop.example.com/a/..#top => DOT_SEGMENT",
                "https://shop.example.com/a/../%C3%A9%zz => DOT_SEGMENT",
                "https://shop.example.com/a/%2e => DOT_SEGMENT",
                "https://shop.example.com/a/.%2E/b => DOT_SEGMENT",
                "https://shop.example.com/.well-known/a.b/.c => https://shop.example.com/.well-known/a.b/.c",
                "https://shop.example.com/p?x=1#/../y => https://shop.example.com/p?x=1#/../y",
                "https://shop.example.com/p#/./y => https://shop.example.com/p#/./y",
                "https://user:pw@shop.example.com/ => REFUSED",
                "https://shop.example.com:99999/ => REFUSED",
                "https://shop.example.com:8x/ => REFUSED",
                "https://shop_example.com/ => REFUSED",
                "https://shop.example.com/a..b => https://shop.example.com/a..b",
                "https://shop.example.com/... => https://shop.example.com/...",
                "https://shop.example.com/q?path=/../x => https://shop.example.com/q?path=/../x",
                "HTTPS://SHOP.Example.COM:443/A => https://shop.example.com/A",
                "https://shop.example.com => https://shop.example.com/",
                "https://shop.example.com?q=1 => https://shop.example.com/?q=1",
                "https://shop.example.com/a b => https://shop.example.com/a%20b",
                "https://shop.example.com/\"<quoted>\" => https://shop.example.com/%22%3Cquoted%3E%22",
                "https://shop.example.com/a&b='c' => https://shop.example.com/a&b='c'",
                "https://shop.example.com/%e2%82%ac => https://shop.example.com/%E2%82%AC",
                "https://shop.example.com/100% => https://shop.example.com/100%25",
                "https://shop.example.com/%zz => https://shop.example.com/%25zz",
                "https://shop.example.com/straße/日本 => https://shop.example.com/stra%C3%9Fe/%E6%97%A5%E6%9C%AC",
                "https://shop.example.com/😀 => https://shop.example.com/%F0%9F%98%80",
                "https://shop.example.com/a{b}|c^d`e\\f => https://shop.example.com/a%7Bb%7D%7Cc%5Ed%60e%5Cf",
                "https://shop.example.com/p#frag#ment => https://shop.example.com/p#frag%23ment",
            })
    void classifiesOrEncodes(String loc, String expected) throws IOException {
        assertEquals(expected, outcome(loc));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u0000", "\u0001", "\t", "\n", "\r", "\u007f", "\u0085", "\u009f"})
    void controlCharactersAreRefusedByTheBuilder(String c) throws IOException {
        assertEquals("REFUSED", outcome(BASE + "/a" + c + "b"));
        assertEquals("REFUSED", outcome(BASE + "/../a" + c + "b")); // the character, not the dots
    }

    @Test
    void unpairedSurrogateIsRefusedByTheBuilder() throws IOException {
        assertEquals("REFUSED", outcome(BASE + "/a\ud800b"));
        assertEquals("REFUSED", outcome(BASE + "/a\udc00"));
    }

    @Test
    void lengthLimitCountsTheEncodedUrl() throws IOException {
        String prefix = BASE + "/";
        String exactly2048 = prefix + "a".repeat(2048 - prefix.length());
        assertEquals(exactly2048, outcome(exactly2048));
        assertEquals("TOO_LONG", outcome(exactly2048 + "a"));
        // 400 characters, but 2,400 once each ä becomes %C3%A4
        assertEquals("TOO_LONG", outcome(prefix + "ä".repeat(400)));
        // & is one character of the URL even though it is five bytes of XML
        String ampersands = prefix + "&".repeat(2048 - prefix.length());
        assertEquals(ampersands, outcome(ampersands));
    }

    /**
     * Random locs built from hostile pieces. Every page stays valid; each written loc is an RFC
     * 3986 URI inside the site, at most 2,048 characters, without dot segments, and decodes to
     * the same characters as the input; the written and skipped counts add up.
     */
    @Test
    void randomHostileLocs() throws IOException {
        String[] pieces = {
            "a", "Z", "0", "/", "/", "-", "&", "'", "\"", "<", ">", " ", "ä", "€", "😀", "%", "%2", "%41", "%2e", "..",
            ".", "?", "#", "=", "+", ";", ":", "@", "\u0001", "\u007f", "\ud800", "|", "{", "\\", "^", "`", "日本", "~",
            "!", "$", "(", "*", ","
        };
        String[] origins = {
            BASE,
            BASE,
            BASE,
            BASE + ":443",
            "HTTPS://Shop.Example.Com",
            "http://shop.example.com",
            "https://other.example.com",
            "https://shop.example.com:444",
            "https://u@shop.example.com"
        };
        Random random = new Random(20261122);
        List<String> locs = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            StringBuilder b = new StringBuilder(origins[random.nextInt(origins.length)]).append('/');
            int n = random.nextInt(12);
            for (int k = 0; k < n; k++) {
                b.append(pieces[random.nextInt(pieces.length)]);
            }
            if (random.nextInt(50) == 0) {
                b.append("x".repeat(1900 + random.nextInt(300)));
            }
            locs.add(b.toString());
        }
        MemorySink sink = new MemorySink(true);
        UrlsetWriter w = new UrlsetWriter(
                SITE, "fuzz", PageOptions.builder().maxUrls(1000).build(), sink);
        List<String> written = new ArrayList<>();
        int refused = 0;
        for (String loc : locs) {
            SitemapUrl url;
            try {
                url = SitemapUrl.of(loc);
            } catch (IllegalArgumentException e) {
                refused++; // control characters, lone surrogates, user information: never a URL to write
                continue;
            }
            if (w.write(url)) {
                written.add(loc);
            }
        }
        w.finish();
        long skipped = w.skipped().values().stream().mapToLong(Long::longValue).sum();
        assertEquals(locs.size(), written.size() + skipped + refused);
        assertTrue(refused > 100, "the builder refused some: " + refused);
        assertEquals(written.size(), w.urlCount());
        assertTrue(written.size() > 1000 && skipped > 1000, "both outcomes exercised: " + w.skipped());
        for (SkipReason r : new SkipReason[] {
            SkipReason.OTHER_HOST,
            SkipReason.OTHER_SCHEME,
            SkipReason.OTHER_PORT,
            SkipReason.DOT_SEGMENT,
            SkipReason.TOO_LONG
        }) {
            assertTrue(w.skipped().getOrDefault(r, 0L) > 0, "no " + r + " in " + w.skipped());
        }

        List<String> read = new ArrayList<>();
        for (int i = 0; i < sink.size(); i++) {
            Validation.validUrlset(sink.xml(i));
            for (SiteMapURL u : Validation.crawl(sink.xml(i), BASE + "/sitemap-fuzz-" + (i + 1) + ".xml")) {
                assertTrue(u.isValid());
                read.add(u.getUrl().toString());
            }
        }
        assertEquals(written.size(), read.size());
        for (int i = 0; i < read.size(); i++) {
            String out = read.get(i);
            URI uri = URI.create(out); // throws on anything RFC 3986 does not allow
            assertTrue(out.length() <= 2048, out);
            assertTrue(out.startsWith(BASE + "/"), out);
            for (String segment : uri.getRawPath().split("/", -1)) {
                String d = decode(segment);
                assertTrue(!d.equals(".") && !d.equals(".."), "dot segment in " + out);
            }
            String in = written.get(i);
            String inRest = in.substring(
                    in.indexOf('/', in.indexOf("://") + 3) < 0 ? in.length() : in.indexOf('/', in.indexOf("://") + 3));
            assertEquals(decode(inRest), decode(out.substring(BASE.length())), in + " -> " + out);
        }
    }

    @Test
    void skipsAreReportedByReason() throws IOException {
        MemorySink sink = new MemorySink(false);
        UrlsetWriter w = new UrlsetWriter(
                SITE, "pages", PageOptions.builder().gzip(false).build(), sink);
        w.write(SitemapUrl.of(BASE + "/ok"));
        w.write(SitemapUrl.of("https://evil.example.com/"));
        w.write(SitemapUrl.of("https://evil.example.com/2"));
        w.write(SitemapUrl.of(BASE + "/a/../b"));
        w.finish();
        assertEquals(Map.of(SkipReason.OTHER_HOST, 2L, SkipReason.DOT_SEGMENT, 1L), w.skipped());
        assertEquals(1, w.urlCount());
    }

    /** Percent-decoding to UTF-8 where an escape is well-formed; anything else is literal. */
    static String decode(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%'
                    && i + 2 < s.length()
                    && Character.digit(s.charAt(i + 1), 16) >= 0
                    && Character.digit(s.charAt(i + 2), 16) >= 0) {
                out.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
                    b = s.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                out.write(b, 0, b.length);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
