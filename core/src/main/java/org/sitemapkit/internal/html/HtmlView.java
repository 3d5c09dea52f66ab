package org.sitemapkit.internal.html;

import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.sitemapkit.internal.Gzip;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.service.UnavailableException;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.model.Site;

/**
 * {@code /sitemap.html}: the same entries as the XML, for people. Browsers no longer run XSLT
 * on sitemaps, so the page is rendered here, from the cached XML pages themselves: an entry
 * shown here is an entry crawlers get. Each sitemap page is shown in parts of at most
 * {@value #URLS_PER_PART} URLs. Every part of a page is rendered in one pass, once, and kept
 * gzip-compressed in a bounded cache, so that anonymous requests cannot make the server inflate
 * and parse megabytes each time.
 */
public final class HtmlView {
    /** URLs in one HTML part: a page people can scroll, whatever {@code max-urls} is. */
    public static final int URLS_PER_PART = 2000;

    private static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

    /** The StAX factory, made when a page is first shown: finding it takes a start's milliseconds. */
    private static final class Xml {
        static final XMLInputFactory FACTORY = XMLInputFactory.newFactory();

        static {
            FACTORY.setProperty(XMLInputFactory.SUPPORT_DTD, false);
            FACTORY.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        }
    }

    private final SitemapService service;
    private final int gzipLevel;
    private final DocumentCache cache = new DocumentCache(32L << 20);

    public HtmlView(SitemapService service) {
        this.service = service;
        this.gzipLevel = service.settings().gzipLevel();
    }

    /** One answer of the view: a document, or a status with a short text. */
    public static final class Answer {
        private final HtmlDocument document;
        private final int status;
        private final String text;

        private Answer(HtmlDocument document, int status, String text) {
            this.document = document;
            this.status = status;
            this.text = text;
        }

        /** The document to send with status 200, or null. */
        public HtmlDocument document() {
            return document;
        }

        public int status() {
            return status;
        }

        public String text() {
            return text;
        }
    }

    /**
     * Answers {@code /sitemap.html}, {@code ?section=s&page=n} and {@code &part=k}. The query is
     * read here, strictly, not through the container: a malformed one is the client's error (400),
     * and must never reach a parser that fails with a 5xx.
     */
    public Answer answer(String queryString, Site site) throws UnavailableException, IOException {
        Map<String, String> query = Query.parse(queryString);
        if (query == null) {
            return new Answer(null, 400, "Bad request: malformed query\n");
        }
        String section = query.get("section");
        String pageParam = query.get("page");
        if (section == null && pageParam == null) {
            List<RenderedSection> sections = service.sections(site);
            StringBuilder tag = new StringBuilder("o");
            sections.forEach(s -> s.pages().forEach(p -> tag.append(p.etag())));
            String key = site.base() + " " + CachedPage.etagOf(tag.toString().getBytes(StandardCharsets.UTF_8));
            return new Answer(
                    cache.get(key, () -> List.of(render(w -> overview(w, site, sections))))
                            .get(0),
                    200,
                    null);
        }
        int number = parseNumber(pageParam);
        String partParam = query.get("part");
        int part = partParam == null ? 1 : parseNumber(partParam);
        if (section == null
                || number < 1
                || part < 1
                || !service.sources().bySection().containsKey(section)) {
            return new Answer(null, 404, "Not found\n");
        }
        RenderedSection rendered = service.section(site, section);
        if (number > rendered.pages().size()) {
            return new Answer(null, 404, "Not found\n");
        }
        CachedPage page = rendered.pages().get(number - 1);
        // everything the HTML shows besides the page's own entries: its section, number, neighbours
        String key = site.base() + " " + section + " " + number + "/"
                + rendered.pages().size() + " "
                + (number > 1 ? rendered.pages().get(number - 2).urlCount() : 0) + " " + page.etag();
        List<HtmlDocument> parts = cache.get(key, () -> pageParts(site, rendered, number, page));
        if (part > parts.size()) {
            return new Answer(null, 404, "Not found\n");
        }
        return new Answer(parts.get(part - 1), 200, null);
    }

    /**
     * The status page of {@code site}: per section, its state, when it was rendered and how long
     * ago, its pages and URLs, the URLs it skipped by reason, the render's audit and the last
     * failure, quoted. Made anew for each request, never cached: only whom the settings allow sees it.
     */
    public HtmlDocument status(Site site, List<SectionStatus> sections, long nowMillis) throws IOException {
        return render(w -> {
            head(w, "Sitemap status of " + site.base());
            w.write("<h1>Sitemap status of " + escape(site.base()) + "</h1>\n");
            w.write("<p>" + sections.size() + (sections.size() == 1 ? " section" : " sections")
                    + " held by this node, as of "
                    + escape(Instant.ofEpochMilli(nowMillis).toString())
                    + ". <a href=\"sitemap.html\">The sitemap</a>.</p>\n");
            w.write(
                    "<table>\n<thead><tr><th>Section</th><th>State</th><th>Rendered</th><th>Age</th><th>Pages</th>"
                            + "<th>URLs</th><th>Skipped</th><th>Audit</th><th>Page checks</th><th>Last failure</th></tr></thead>\n<tbody>\n");
            for (SectionStatus s : sections) {
                w.write("<tr><td>" + escape(s.section()) + "</td><td>" + escape(s.state()) + "</td><td>"
                        + (s.renderedAt() == null ? "" : escape(s.renderedAt().toString())) + "</td><td class=\"n\">"
                        + (s.renderedAt() == null
                                ? ""
                                : age(nowMillis - s.renderedAt().toEpochMilli()))
                        + "</td><td class=\"n\">" + s.pages() + "</td><td class=\"n\">" + s.urls() + "</td><td>");
                long skipped =
                        s.skipped().values().stream().mapToLong(Long::longValue).sum();
                w.write(skipped == 0 ? "0" : skipped + " " + escape(new java.util.TreeMap<>(s.skipped()).toString()));
                w.write("</td><td>"
                        + (s.audit() == null
                                ? ""
                                : escape(s.audit().clean() ? "clean" : s.audit().summary())) + "</td><td>"
                        + (s.verify() == null ? "" : escape(verify(s.verify()))) + "</td><td>"
                        + (s.lastFailure() == null ? "" : escape(s.lastFailure())) + "</td></tr>\n");
            }
            w.write("</tbody>\n</table>\n");
            explainForm(w);
            w.write("</body>\n</html>\n");
        });
    }

    /**
     * The URL {@code ?explain=} asks about, read strictly as every query here is.
     *
     * @return the URL, or null for a malformed query or none
     */
    public static String explainParameter(String queryString) {
        Map<String, String> query = Query.parse(queryString);
        return query == null ? null : query.get("explain");
    }

    /**
     * The answer to {@code /sitemap.html?explain=<url>}: why the URL is, or is not, listed, and a
     * form to ask about another. Made anew for each request, never cached.
     */
    public HtmlDocument explanation(Site site, org.sitemapkit.internal.status.Explanation e) throws IOException {
        return render(w -> {
            head(w, "Why " + e.url() + " is " + ("listed".equals(e.outcome()) ? "" : "not ") + "in the sitemap");
            w.write("<h1>" + escape(e.url()) + "</h1>\n<p>In the sitemap of " + escape(site.base()) + ": <strong>"
                    + escape(e.outcome()) + "</strong>. <a href=\"sitemap.html?status\">Status</a>.</p>\n");
            w.write("<table>\n<tbody>\n");
            for (org.sitemapkit.internal.status.Explanation.Fact f : e.facts()) {
                w.write("<tr><th>" + escape(f.label()) + "</th><td class=\"url\">" + escape(f.text()) + "</td></tr>\n");
            }
            w.write("</tbody>\n</table>\n");
            explainForm(w);
            w.write("</body>\n</html>\n");
        });
    }

    private static void explainForm(Writer w) throws IOException {
        w.write("<form method=\"get\" action=\"sitemap.html\"><p><label>Why is this URL (not) listed? "
                + "<input name=\"explain\" size=\"60\" placeholder=\"https://... or /path\"></label> "
                + "<button>Explain</button></p></form>\n");
    }

    /** The last page check in a cell: its summary, when, and the first failures. */
    private static String verify(org.sitemapkit.internal.status.VerifyFindings f) {
        return f.summary() + " at " + f.at() + (f.examples().isEmpty() ? "" : ": " + String.join(", ", f.examples()));
    }

    /** {@code 42 s}, {@code 17 min}, {@code 5 h}, {@code 3 d}. */
    static String age(long millis) {
        long s = Math.max(0, millis / 1000);
        if (s < 120) {
            return s + " s";
        }
        if (s < 7200) {
            return s / 60 + " min";
        }
        if (s < 172_800) {
            return s / 3600 + " h";
        }
        return s / 86_400 + " d";
    }

    private interface Body {
        void write(Writer w) throws IOException;
    }

    private HtmlDocument render(Body body) throws IOException {
        ByteArrayOutputStream html = new ByteArrayOutputStream(1 << 14);
        Writer w = new BufferedWriter(new OutputStreamWriter(html, StandardCharsets.UTF_8), 1 << 14);
        body.write(w);
        w.flush();
        byte[] bytes = html.toByteArray();
        return new HtmlDocument(Gzip.compress(bytes, gzipLevel), bytes.length, CachedPage.etagOf(bytes));
    }

    private static int parseNumber(String value) {
        if (value == null || value.isEmpty() || value.length() > 9 || value.charAt(0) == '0') {
            return -1;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return -1;
            }
        }
        return Integer.parseInt(value);
    }

    private static void head(Writer w, String title) throws IOException {
        w.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"robots\" content=\"noindex\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
        w.write(escape(title));
        w.write("</title>\n<style>\n"
                + "body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1b1b}\n"
                + "table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #ddd}\n"
                + "th{background:#f3f3f3}td.n{color:#777;text-align:right}a{color:#0b57d0}nav{margin:1rem 0}\n"
                + "nav a{margin-right:1rem}.url{word-break:break-all}\n</style>\n</head>\n<body>\n");
    }

    private static void overview(Writer w, Site site, List<RenderedSection> sections) throws IOException {
        head(w, "Sitemap of " + site.base());
        w.write("<h1>Sitemap of " + escape(site.base()) + "</h1>\n");
        long urls = sections.stream().mapToLong(RenderedSection::urlCount).sum();
        w.write("<p>" + urls + (urls == 1 ? " URL" : " URLs") + " in " + sections.size()
                + (sections.size() == 1 ? " section" : " sections")
                + ". Crawlers read <a href=\"sitemap.xml\">sitemap.xml</a>.</p>\n");
        w.write("<table>\n<thead><tr><th>Section</th><th>URLs</th><th>Pages</th></tr></thead>\n<tbody>\n");
        for (RenderedSection s : sections) {
            w.write("<tr><td>" + escape(s.section()) + "</td><td>" + s.urlCount() + "</td><td>");
            for (int i = 1; i <= s.pages().size(); i++) {
                w.write("<a href=\"sitemap.html?section=" + escape(s.section()) + "&amp;page=" + i + "\">"
                        + escape(s.section()) + " " + i + "</a> ");
            }
            w.write("</td></tr>\n");
        }
        w.write("</tbody>\n</table>\n</body>\n</html>\n");
    }

    /** One entry of a page, as the table shows it. */
    private static final class Row {
        final String loc;
        final String lastmod;
        final String changefreq;
        final String priority;

        Row(String loc, String lastmod, String changefreq, String priority) {
            this.loc = loc;
            this.lastmod = lastmod;
            this.changefreq = changefreq;
            this.priority = priority;
        }
    }

    /** Every part of one sitemap page, from one pass over its XML. */
    private List<HtmlDocument> pageParts(Site site, RenderedSection section, int number, CachedPage page)
            throws IOException {
        int parts = Math.max(1, (page.urlCount() + URLS_PER_PART - 1) / URLS_PER_PART);
        List<HtmlDocument> out = new ArrayList<>(parts);
        List<Row> rows = new ArrayList<>(Math.min(page.urlCount(), URLS_PER_PART));
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(page.gzip()), 1 << 16)) {
            XMLStreamReader r = Xml.FACTORY.createXMLStreamReader(in);
            String loc = null;
            String lastmod = "";
            String changefreq = "";
            String priority = "";
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.START_ELEMENT && NS.equals(r.getNamespaceURI())) {
                    switch (r.getLocalName()) {
                        case "url":
                            loc = null;
                            lastmod = "";
                            changefreq = "";
                            priority = "";
                            break;
                        case "loc":
                            loc = r.getElementText();
                            break;
                        case "lastmod":
                            lastmod = r.getElementText();
                            break;
                        case "changefreq":
                            changefreq = r.getElementText();
                            break;
                        case "priority":
                            priority = r.getElementText();
                            break;
                        default:
                            break;
                    }
                } else if (event == XMLStreamConstants.END_ELEMENT
                        && NS.equals(r.getNamespaceURI())
                        && r.getLocalName().equals("url")) {
                    rows.add(new Row(loc, lastmod, changefreq, priority));
                    if (rows.size() == URLS_PER_PART) {
                        out.add(part(site, section, number, page, out.size() + 1, parts, rows));
                        rows.clear();
                    }
                }
            }
            r.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot read cached page " + number + " of " + section.section(), e);
        }
        if (!rows.isEmpty() || out.isEmpty()) {
            out.add(part(site, section, number, page, out.size() + 1, parts, rows));
        }
        return out;
    }

    private HtmlDocument part(
            Site site, RenderedSection section, int number, CachedPage page, int part, int parts, List<Row> rows)
            throws IOException {
        int count = section.pages().size();
        String name = escape(section.section());
        int first = (part - 1) * URLS_PER_PART;
        return render(w -> {
            head(
                    w,
                    section.section() + " — page " + number + " of " + count
                            + (parts > 1 ? ", part " + part + " of " + parts : "") + " — sitemap of " + site.base());
            w.write("<h1>" + name + ": page " + number + " of " + count + "</h1>\n<nav>"
                    + "<a href=\"sitemap.html\">All sections</a>");
            String prev = part > 1
                    ? link(name, number, part - 1)
                    : number > 1
                            ? link(name, number - 1, lastPart(section.pages().get(number - 2)))
                            : null;
            String next =
                    part < parts ? link(name, number, part + 1) : number < count ? link(name, number + 1, 1) : null;
            if (prev != null) {
                w.write("<a href=\"" + prev + "\" rel=\"prev\">Previous page</a>");
            }
            if (next != null) {
                w.write("<a href=\"" + next + "\" rel=\"next\">Next page</a>");
            }
            w.write("<a href=\"sitemap-" + name + "-" + number + ".xml\">XML</a></nav>\n");
            w.write("<p>" + page.urlCount() + (page.urlCount() == 1 ? " URL" : " URLs")
                    + (parts > 1
                            ? "; these are " + (first + 1) + " to " + (first + rows.size()) + " (part " + part + " of "
                                    + parts + ")"
                            : "")
                    + ".</p>\n");
            w.write("<table>\n<thead><tr><th>#</th><th>URL</th><th>Last modified</th><th>Change frequency</th>"
                    + "<th>Priority</th></tr></thead>\n<tbody>\n");
            int n = first;
            for (Row row : rows) {
                n++;
                w.write("<tr><td class=\"n\">" + n + "</td><td class=\"url\"><a href=\"" + escape(row.loc) + "\">"
                        + escape(row.loc) + "</a></td><td>" + escape(row.lastmod) + "</td><td>" + escape(row.changefreq)
                        + "</td><td>" + escape(row.priority) + "</td></tr>\n");
            }
            w.write("</tbody>\n</table>\n</body>\n</html>\n");
        });
    }

    private static int lastPart(CachedPage page) {
        return Math.max(1, (page.urlCount() + URLS_PER_PART - 1) / URLS_PER_PART);
    }

    private static String link(String escapedSection, int page, int part) {
        return "sitemap.html?section=" + escapedSection + "&amp;page=" + page + (part > 1 ? "&amp;part=" + part : "");
    }

    static String escape(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            String e;
            switch (s.charAt(i)) {
                case '&':
                    e = "&amp;";
                    break;
                case '<':
                    e = "&lt;";
                    break;
                case '>':
                    e = "&gt;";
                    break;
                case '"':
                    e = "&quot;";
                    break;
                case '\'':
                    e = "&#39;";
                    break;
                default:
                    e = null;
            }
            if (e != null && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (e != null) {
                    b.append(e);
                } else {
                    b.append(s.charAt(i));
                }
            }
        }
        return b == null ? s : b.toString();
    }
}
