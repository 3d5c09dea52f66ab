package org.sitemapkit.internal.verify;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The URLs a stored sitemap page lists, with the hreflang alternates each names, read back with
 * StAX: a check picks its URLs from the pages a render wrote, so that nothing of a section is held
 * beyond the page being read.
 */
public final class ListedUrls {
    private static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    private static final String XHTML = "http://www.w3.org/1999/xhtml";
    private static final XMLInputFactory FACTORY = XMLInputFactory.newFactory();

    static {
        FACTORY.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        FACTORY.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    }

    private ListedUrls() {}

    /**
     * One listed URL.
     *
     * @param loc the loc
     * @param lastmod its lastmod as written, or null
     * @param alternates hreflang to href, as the entry lists them; empty for none
     */
    public record Listed(String loc, String lastmod, Map<String, String> alternates) {
        public Listed {
            alternates = Map.copyOf(alternates);
        }
    }

    /**
     * The entries at {@code positions} (0-based, ascending) of a gzip page; all of them when
     * {@code positions} is null.
     *
     * @throws IOException when the page is no sitemap urlset
     */
    public static List<Listed> read(byte[] gzip, int[] positions) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip), 1 << 16)) {
            return read(in, positions);
        }
    }

    /**
     * Where a URL is on a gzip page.
     *
     * @param position its 0-based entry on the page
     * @param listed the entry
     */
    public record Found(int position, Listed listed) {}

    /**
     * Finds {@code loc} on a gzip page, reading it once.
     *
     * @return where, or null when the page does not list it
     * @throws IOException when the page is no sitemap urlset
     */
    public static Found find(byte[] gzip, String loc) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip), 1 << 16)) {
            return findIn(in.readAllBytes(), loc);
        }
    }

    /**
     * As {@link #find(byte[], String)}, from the uncompressed document: a page that does not hold
     * the loc's bytes at all is passed over without parsing it, which is what makes looking through
     * a large section's pages affordable.
     */
    public static Found findIn(byte[] xml, String loc) throws IOException {
        if (loc.indexOf('<') < 0 && loc.indexOf('>') < 0 && loc.indexOf('"') < 0 && loc.indexOf('\'') < 0) {
            byte[] needle = ("<loc>" + loc.replace("&", "&amp;") + "</loc>").getBytes(StandardCharsets.UTF_8);
            if (indexOf(xml, needle) < 0) {
                return null; // as the writer escapes it, the loc is not on this page
            }
        }
        return find(new ByteArrayInputStream(xml), loc);
    }

    private static int indexOf(byte[] b, byte[] what) {
        outer:
        for (int i = 0; i <= b.length - what.length; i++) {
            if (b[i] != what[0]) {
                continue;
            }
            for (int k = 1; k < what.length; k++) {
                if (b[i + k] != what[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** As {@link #find(byte[], String)}, from the uncompressed document, parsing it whole. */
    public static Found find(InputStream in, String loc) throws IOException {
        List<Listed> all = read(in, null);
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).loc().equals(loc)) {
                return new Found(i, all.get(i));
            }
        }
        return null;
    }

    /** As {@link #read(byte[], int[])}, from the uncompressed document. */
    static List<Listed> read(InputStream in, int[] positions) throws IOException {
        List<Listed> out = new ArrayList<>();
        int index = -1;
        int next = 0;
        try {
            XMLStreamReader r = FACTORY.createXMLStreamReader(in);
            String loc = null;
            String lastmod = null;
            Map<String, String> alternates = new LinkedHashMap<>();
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    String ns = r.getNamespaceURI();
                    String name = r.getLocalName();
                    if (NS.equals(ns) && name.equals("url")) {
                        index++;
                        loc = null;
                        lastmod = null;
                        alternates = new LinkedHashMap<>();
                    } else if (NS.equals(ns) && name.equals("loc") && index >= 0) {
                        loc = r.getElementText().strip();
                    } else if (NS.equals(ns) && name.equals("lastmod") && index >= 0) {
                        lastmod = r.getElementText().strip();
                    } else if (XHTML.equals(ns) && name.equals("link") && index >= 0) {
                        String rel = r.getAttributeValue(null, "rel");
                        String lang = r.getAttributeValue(null, "hreflang");
                        String href = r.getAttributeValue(null, "href");
                        if ("alternate".equals(rel) && lang != null && href != null) {
                            alternates.putIfAbsent(lang, href);
                        }
                    }
                } else if (event == XMLStreamConstants.END_ELEMENT
                        && NS.equals(r.getNamespaceURI())
                        && r.getLocalName().equals("url")
                        && loc != null) {
                    if (positions == null || (next < positions.length && positions[next] == index)) {
                        out.add(new Listed(loc, lastmod, alternates));
                        next++;
                        if (positions != null && next == positions.length) {
                            break;
                        }
                    }
                }
            }
            r.close();
        } catch (XMLStreamException | RuntimeException e) {
            throw new IOException("not a sitemap urlset: " + e.getMessage(), e);
        }
        return out;
    }
}
