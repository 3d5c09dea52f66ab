package org.sitemapkit.internal.render;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.sitemapkit.internal.check.Checks;
import org.sitemapkit.internal.check.W3cDatetime;
import org.sitemapkit.internal.source.SectionDefaults;
import org.sitemapkit.model.Alternate;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.News;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.model.Video;

/**
 * Encodes one {@code <url>} entry at a time into a reused buffer: the loc percent-encoded and
 * checked against the site's scope, the section's defaults for what the URL leaves unset, and
 * the extensions. A loc that cannot be written for the site is refused with its reason.
 */
final class EntryEncoder {
    private static final byte[] URL_LOC = Xml.bytes("<url><loc>");
    private static final byte[] LOC_END = Xml.bytes("</loc>");
    /** Reads a lastmod's second and offset, so its text is written with no String per row. */
    private static final W3cDatetime.Access<Lastmod> LASTMODS = W3cDatetime.Access.get(Lastmod.class);

    private static final byte[] LASTMOD = Xml.bytes("<lastmod>");
    private static final byte[] LASTMOD_END = Xml.bytes("</lastmod>");
    private static final byte[] URL_END = Xml.bytes("</url>\n");
    private static final byte[][] CHANGEFREQ = new byte[Changefreq.values().length][];

    static {
        for (Changefreq c : Changefreq.values()) {
            CHANGEFREQ[c.ordinal()] = Xml.bytes("<changefreq>" + c.word() + "</changefreq>");
        }
    }

    /** Where the loc starts in an entry: after {@code <url><loc>}. */
    static final int LOC_START = URL_LOC.length;

    private final Site site;
    private final ByteBuf body = new ByteBuf(4 * 1024);
    /** {@code <priority>} elements of the tenths 0.0 to 1.0, the priorities nearly every site uses. */
    private static final byte[][] PRIORITY_TENTHS = new byte[11][];

    static {
        for (int t = 0; t <= 10; t++) {
            PRIORITY_TENTHS[t] = priorityElement(t / 10.0);
        }
    }

    private static byte[] priorityElement(double priority) {
        return Xml.bytes("<priority>" + Checks.decimal(priority) + "</priority>");
    }

    /** The last priority written that is no tenth, and its element. */
    private double lastPriority = Double.NaN;

    private byte[] lastPriorityElement;
    private SectionDefaults defaults = SectionDefaults.NONE;
    /** Where the loc of the entry in {@code body} ends. */
    private int locEnd;

    EntryEncoder(Site site) {
        this.site = Objects.requireNonNull(site, "site");
    }

    void defaults(SectionDefaults value) {
        defaults = Objects.requireNonNull(value, "defaults");
    }

    /** The entry last encoded. */
    ByteBuf entry() {
        return body;
    }

    /**
     * The loc of the entry last encoded as a reader of the page gets it back: percent-encoded, its
     * XML escapes undone. What a page check names a URL by.
     */
    String writtenLoc() {
        String xml = new String(body.array(), URL_LOC.length, locEnd - URL_LOC.length, StandardCharsets.UTF_8);
        return xml.indexOf('&') < 0
                ? xml
                : xml.replace("&lt;", "<")
                        .replace("&gt;", ">")
                        .replace("&quot;", "\"")
                        .replace("&apos;", "'")
                        .replace("&amp;", "&");
    }

    /**
     * Writes a lastmod into the entry last encoded, which has none, right after its loc where the
     * encoder writes one ({@code lastmod=content}).
     */
    void insertLastmod(String lastmod) {
        int at = locEnd + LOC_END.length;
        byte[] tail = java.util.Arrays.copyOfRange(body.array(), at, body.size());
        body.size(at);
        body.put(LASTMOD);
        body.ascii(lastmod);
        body.put(LASTMOD_END);
        body.put(tail);
    }

    /** Where the loc of the entry last encoded ends. */
    int locEnd() {
        return locEnd;
    }

    /**
     * Encodes one entry, replacing the last.
     *
     * @return null when it was encoded, else why the URL cannot be written for this site
     */
    SkipReason encode(SitemapUrl url) {
        body.clear(); // holds one encoded entry at a time
        body.put(URL_LOC);
        SkipReason r = UrlEncoder.writeLoc(body, url.loc(), site);
        if (r != null) {
            return r;
        }
        locEnd = body.size();
        encodeTail(
                url.lastmod(),
                url.changefreq() != null ? url.changefreq() : defaults.changefreq(),
                !Double.isNaN(url.priority()) ? url.priority() : defaults.priority());
        if (hasExtensions(url)) {
            r = encodeExtensions(url);
            if (r != null) {
                return r;
            }
        }
        body.put(URL_END);
        return null;
    }

    /** Writes {@code </loc>} and the lastmod, changefreq and priority after it. */
    private void encodeTail(Lastmod lastmod, Changefreq changefreq, double priority) {
        body.put(LOC_END);
        if (lastmod != null) {
            body.put(LASTMOD);
            body.datetime(LASTMODS.epochSecond(lastmod), LASTMODS.offset(lastmod));
            body.put(LASTMOD_END);
        }
        if (changefreq != null) {
            body.put(CHANGEFREQ[changefreq.ordinal()]);
        }
        if (!Double.isNaN(priority)) {
            long tenths = Math.round(priority * 10);
            if (tenths / 10.0 == priority && tenths >= 0 && tenths <= 10) {
                body.put(PRIORITY_TENTHS[(int) tenths]);
            } else {
                if (Double.compare(priority, lastPriority) != 0) {
                    lastPriorityElement = priorityElement(priority);
                    lastPriority = priority;
                }
                body.put(lastPriorityElement);
            }
        }
    }

    private SkipReason encodeExtensions(SitemapUrl url) {
        for (Alternate a : url.alternates()) {
            body.ascii("<xhtml:link rel=\"alternate\" hreflang=\"");
            body.ascii(a.hreflang());
            body.ascii("\" href=\"");
            if (UrlEncoder.writeLink(body, a.href()) != null) {
                return SkipReason.BAD_EXTENSION_URL;
            }
            body.ascii("\"/>");
        }
        for (String image : url.images()) {
            body.ascii("<image:image>");
            if (!link("image:loc", image)) {
                return SkipReason.BAD_EXTENSION_URL;
            }
            body.ascii("</image:image>");
        }
        for (Video v : url.videos()) {
            if (!encodeVideo(v)) {
                return SkipReason.BAD_EXTENSION_URL;
            }
        }
        News news = url.news();
        if (news != null) {
            body.ascii("<news:news><news:publication>");
            text("news:name", news.publicationName());
            text("news:language", news.language());
            body.ascii("</news:publication>");
            text("news:publication_date", news.publicationDate().toString());
            text("news:title", news.title());
            body.ascii("</news:news>");
        }
        return null;
    }

    /** In the order the video schema's sequence requires. */
    private boolean encodeVideo(Video v) {
        body.ascii("<video:video>");
        if (!link("video:thumbnail_loc", v.thumbnailLoc())) {
            return false;
        }
        text("video:title", v.title());
        text("video:description", v.description());
        if (v.contentLoc() != null && !link("video:content_loc", v.contentLoc())) {
            return false;
        }
        if (v.playerLoc() != null && !link("video:player_loc", v.playerLoc())) {
            return false;
        }
        optional("video:duration", v.duration());
        optional("video:expiration_date", v.expirationDate());
        optional("video:rating", v.rating());
        optional("video:view_count", v.viewCount());
        optional("video:publication_date", v.publicationDate());
        for (String tag : v.tags()) {
            text("video:tag", tag);
        }
        yesNo("video:family_friendly", v.familyFriendly());
        yesNo("video:requires_subscription", v.requiresSubscription());
        optional("video:uploader", v.uploader());
        yesNo("video:live", v.live());
        body.ascii("</video:video>");
        return true;
    }

    /** Whether the URL carries anything beyond the four core fields: alternates, images, videos or news. */
    static boolean hasExtensions(SitemapUrl url) {
        return !url.alternates().isEmpty()
                || !url.images().isEmpty()
                || !url.videos().isEmpty()
                || url.news() != null;
    }

    /** An element for a value the video may leave out (null). */
    private void optional(String element, Object value) {
        if (value != null) {
            text(element, value.toString());
        }
    }

    private void yesNo(String element, Boolean value) {
        if (value != null) {
            text(element, value ? "yes" : "no");
        }
    }

    private void text(String element, String value) {
        body.put((byte) '<');
        body.ascii(element);
        body.put((byte) '>');
        body.text(value);
        body.ascii("</");
        body.ascii(element);
        body.put((byte) '>');
    }

    private boolean link(String element, String url) {
        body.put((byte) '<');
        body.ascii(element);
        body.put((byte) '>');
        if (UrlEncoder.writeLink(body, url) != null) {
            return false;
        }
        body.ascii("</");
        body.ascii(element);
        body.put((byte) '>');
        return true;
    }
}
