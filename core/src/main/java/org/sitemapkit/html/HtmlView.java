package org.sitemapkit.html;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.sitemapkit.model.Site;
import org.sitemapkit.service.CachedPage;
import org.sitemapkit.service.RenderedSection;
import org.sitemapkit.service.SitemapService;
import org.sitemapkit.service.UnavailableException;

/**
 * {@code /sitemap.html}: the same entries as the XML, for people. Browsers no longer run XSLT
 * on sitemaps, so the page is rendered here, from the cached XML pages themselves — an entry
 * shown here is an entry crawlers get. One HTML page per sitemap page, plus an overview.
 */
public final class HtmlView {
  private static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
  private static final XMLInputFactory XML = XMLInputFactory.newFactory();

  static {
    XML.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    XML.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
  }

  private final SitemapService service;

  public HtmlView(SitemapService service) {
    this.service = service;
  }

  /** Answers {@code /sitemap.html} or {@code /sitemap.html?section=s&page=n}. */
  public void render(HttpServletRequest request, HttpServletResponse response, Site site)
      throws IOException, UnavailableException {
    String section = request.getParameter("section");
    String pageParam = request.getParameter("page");
    if (section == null && pageParam == null && request.getQueryString() == null) {
      List<RenderedSection> sections = service.sections(site);
      StringBuilder tag = new StringBuilder();
      sections.forEach(s -> s.pages().forEach(p -> tag.append(p.etag())));
      send(request, response, "o-" + CachedPage.etagOf(tag.toString().getBytes(StandardCharsets.UTF_8)),
          w -> overview(w, site, sections));
      return;
    }
    int number = parsePage(pageParam);
    if (section == null || number < 1 || !service.sources().bySection().containsKey(section)) {
      notFound(response);
      return;
    }
    RenderedSection rendered = service.section(site, section);
    if (number > rendered.pages().size()) {
      notFound(response);
      return;
    }
    CachedPage page = rendered.pages().get(number - 1);
    send(request, response, "p-" + page.etag(), w -> page(w, site, rendered, number, page));
  }

  private interface Body {
    void write(Writer w) throws IOException;
  }

  private static void send(HttpServletRequest request, HttpServletResponse response, String tag, Body body)
      throws IOException {
    String etag = "\"" + tag + "\"";
    response.setHeader("ETag", etag);
    String inm = request.getHeader("If-None-Match");
    if (inm != null && (inm.contains(etag) || inm.trim().equals("*"))) {
      response.setStatus(304);
      return;
    }
    response.setStatus(200);
    response.setContentType("text/html; charset=UTF-8");
    response.setHeader("X-Robots-Tag", "noindex");
    response.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    if (request.getMethod().equals("HEAD")) {
      return;
    }
    Writer w = new BufferedWriter(new OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8), 1 << 16);
    body.write(w);
    w.flush();
  }

  private static int parsePage(String value) {
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

  private static void notFound(HttpServletResponse response) throws IOException {
    response.setStatus(404);
    response.setContentType("text/plain; charset=UTF-8");
    response.getOutputStream().write("Not found\n".getBytes(StandardCharsets.UTF_8));
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

  private static void page(Writer w, Site site, RenderedSection section, int number, CachedPage page)
      throws IOException {
    int count = section.pages().size();
    String name = section.section();
    head(w, name + " — page " + number + " of " + count + " — sitemap of " + site.base());
    w.write("<h1>" + escape(name) + ": page " + number + " of " + count + "</h1>\n<nav>"
        + "<a href=\"sitemap.html\">All sections</a>");
    if (number > 1) {
      w.write("<a href=\"sitemap.html?section=" + escape(name) + "&amp;page=" + (number - 1) + "\" rel=\"prev\">Previous page</a>");
    }
    if (number < count) {
      w.write("<a href=\"sitemap.html?section=" + escape(name) + "&amp;page=" + (number + 1) + "\" rel=\"next\">Next page</a>");
    }
    w.write("<a href=\"sitemap-" + escape(name) + "-" + number + ".xml\">XML</a></nav>\n");
    w.write("<p>" + page.urlCount() + (page.urlCount() == 1 ? " URL" : " URLs") + ".</p>\n");
    w.write("<table>\n<thead><tr><th>#</th><th>URL</th><th>Last modified</th><th>Change frequency</th>"
        + "<th>Priority</th></tr></thead>\n<tbody>\n");
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(page.gzip()), 1 << 16)) {
      XMLStreamReader r = XML.createXMLStreamReader(in);
      int row = 0;
      String loc = null;
      String lastmod = "";
      String changefreq = "";
      String priority = "";
      while (r.hasNext()) {
        int event = r.next();
        if (event == XMLStreamConstants.START_ELEMENT && NS.equals(r.getNamespaceURI())) {
          switch (r.getLocalName()) {
            case "url": loc = null; lastmod = ""; changefreq = ""; priority = ""; break;
            case "loc": loc = r.getElementText(); break;
            case "lastmod": lastmod = r.getElementText(); break;
            case "changefreq": changefreq = r.getElementText(); break;
            case "priority": priority = r.getElementText(); break;
            default: break;
          }
        } else if (event == XMLStreamConstants.END_ELEMENT && NS.equals(r.getNamespaceURI())
            && r.getLocalName().equals("url")) {
          row++;
          w.write("<tr><td class=\"n\">" + row + "</td><td class=\"url\"><a href=\"" + escape(loc) + "\">"
              + escape(loc) + "</a></td><td>" + escape(lastmod) + "</td><td>" + escape(changefreq)
              + "</td><td>" + escape(priority) + "</td></tr>\n");
        }
      }
      r.close();
    } catch (XMLStreamException e) {
      throw new IOException("cannot read cached page " + number + " of " + name, e);
    }
    w.write("</tbody>\n</table>\n</body>\n</html>\n");
  }

  static String escape(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      String e;
      switch (s.charAt(i)) {
        case '&': e = "&amp;"; break;
        case '<': e = "&lt;"; break;
        case '>': e = "&gt;"; break;
        case '"': e = "&quot;"; break;
        case '\'': e = "&#39;"; break;
        default: e = null;
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
