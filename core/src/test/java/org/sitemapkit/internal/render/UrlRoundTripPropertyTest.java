package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.SiteMapURL;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.StringLength;
import org.sitemapkit.model.SitemapUrl;

/**
 * Every URL the builders accept is written as XSD-valid XML and read back by crawler-commons (strict)
 * as the same resource: its path and query, percent-decoded, are the ones the application gave.
 * What cannot be written is skipped for a reason, never written wrong and never an exception.
 */
class UrlRoundTripPropertyTest {
    private static final String BASE = AdversarialUrlTest.BASE;

    /** Reasons a URL of this site's own origin may be left out: none of them is "written wrong". */
    private static final Set<SkipReason> FAIR =
            Set.of(SkipReason.DOT_SEGMENT, SkipReason.TOO_LONG, SkipReason.CONTROL_CHARACTER, SkipReason.MALFORMED);

    @Property(tries = 1000, shrinking = ShrinkingMode.OFF)
    void pathsAndQueriesRoundTrip(@ForAll("segments") List<String> segments, @ForAll("queries") String query)
            throws Exception {
        String path = "/" + String.join("/", segments);
        String raw = BASE + path + (query.isEmpty() ? "" : "?" + query);
        SitemapUrl url = SitemapUrl.of(raw); // text with no '%' and no control character: always accepted
        Written w = write(url);
        if (w.skipped != null) {
            assertTrue(FAIR.contains(w.skipped), () -> raw + " skipped as " + w.skipped);
            return;
        }
        URI read = new URI(w.loc);
        assertEquals(path, read.getPath(), () -> raw + " read back as " + w.loc);
        assertEquals(query.isEmpty() ? null : query, read.getQuery(), () -> raw + " read back as " + w.loc);
        assertEquals("shop.example.com", read.getHost());
    }

    /** Any text at all after the origin: accepted and written valid, or refused or skipped; never thrown. */
    @Property(tries = 2000)
    void anyTextIsWrittenValidOrLeftOut(@ForAll @StringLength(max = 80) String tail) throws Exception {
        SitemapUrl url;
        try {
            url = SitemapUrl.of(BASE + "/" + tail);
        } catch (IllegalArgumentException e) {
            return; // refused by the builder, with a message
        }
        Written w = write(url);
        if (w.skipped == null) {
            assertTrue(w.loc.startsWith(BASE + "/"), w.loc);
        }
    }

    /** Half of a surrogate pair cannot be encoded as UTF-8: refused or skipped, never written. */
    @Property(tries = 300)
    void loneSurrogatesAreLeftOut(
            @ForAll @StringLength(max = 6) String before, @ForAll @CharRange(from = '\ud800', to = '\udfff') char half)
            throws Exception {
        SitemapUrl url;
        try {
            url = SitemapUrl.of(BASE + "/" + before.replaceAll("[\\ud800-\\udfff]", "") + half);
        } catch (IllegalArgumentException e) {
            return;
        }
        Written w = write(url);
        assertEquals(null, w.loc, () -> url + " written as " + w.loc);
    }

    private record Written(String loc, SkipReason skipped) {}

    /** Writes one URL; when written, the page is checked against the XSD and crawled. */
    private static Written write(SitemapUrl url) throws IOException, URISyntaxException {
        MemorySink sink = new MemorySink(false);
        UrlsetWriter w = new UrlsetWriter(
                AdversarialUrlTest.SITE,
                "pages",
                PageOptions.builder().gzip(false).build(),
                sink);
        boolean written = w.write(url);
        w.finish();
        if (!written) {
            return new Written(null, w.skipped().keySet().iterator().next());
        }
        Validation.validUrlset(sink.xml(0));
        List<SiteMapURL> read = Validation.crawl(sink.xml(0), BASE + "/sitemap.xml");
        assertEquals(1, read.size(), () -> url + " read as " + read.size() + " URLs");
        return new Written(read.get(0).getUrl().toURI().toString(), null);
    }

    @Provide
    Arbitrary<List<String>> segments() {
        Arbitrary<String> segment = Arbitraries.strings()
                .withChars("abcXYZ019-._~!$&'()*+,;=:@ \"<>[]\\^`{|}éß中\u00a0")
                .ofMaxLength(12)
                .map(s -> s.equals(".") || s.equals("..") ? s + "x" : s) // dot segments are skipped, fairly
                .map(s -> s.indexOf('a') >= 0 ? s.replace("a", "\ud83d\ude00") : s); // and one outside the BMP
        return segment.list().ofMinSize(0).ofMaxSize(5);
    }

    @Provide
    Arbitrary<String> queries() {
        return Arbitraries.strings()
                .withChars("abcXYZ019-._~!$&'()*+,;=:@/? \"<>[]\\^`{|}éß中")
                .ofMaxLength(20);
    }
}
