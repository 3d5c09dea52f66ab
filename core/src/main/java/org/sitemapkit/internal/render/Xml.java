package org.sitemapkit.internal.render;

import java.nio.charset.StandardCharsets;

/** The fixed bytes of the sitemap documents, with the exact namespace URIs (http, not https). */
final class Xml {
    private Xml() {}

    static final String SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    static final String XHTML_NS = "http://www.w3.org/1999/xhtml";
    static final String IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1";
    static final String VIDEO_NS = "http://www.google.com/schemas/sitemap-video/1.1";
    static final String NEWS_NS = "http://www.google.com/schemas/sitemap-news/0.9";

    static final int XHTML = 1;
    static final int IMAGE = 2;
    static final int VIDEO = 4;
    static final int NEWS = 8;

    static final String DECLARATION = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

    private static final byte[][] URLSET_HEADERS = new byte[16][];

    static {
        for (int ns = 0; ns < 16; ns++) {
            StringBuilder b = new StringBuilder(DECLARATION)
                    .append("<urlset xmlns=\"")
                    .append(SITEMAP_NS)
                    .append('"');
            if ((ns & XHTML) != 0) {
                b.append(" xmlns:xhtml=\"").append(XHTML_NS).append('"');
            }
            if ((ns & IMAGE) != 0) {
                b.append(" xmlns:image=\"").append(IMAGE_NS).append('"');
            }
            if ((ns & VIDEO) != 0) {
                b.append(" xmlns:video=\"").append(VIDEO_NS).append('"');
            }
            if ((ns & NEWS) != 0) {
                b.append(" xmlns:news=\"").append(NEWS_NS).append('"');
            }
            URLSET_HEADERS[ns] = bytes(b.append(">\n").toString());
        }
    }

    static final byte[] URLSET_FOOTER = bytes("</urlset>\n");
    static final byte[] INDEX_HEADER = bytes(DECLARATION + "<sitemapindex xmlns=\"" + SITEMAP_NS + "\">\n");
    static final byte[] INDEX_FOOTER = bytes("</sitemapindex>\n");

    /** The urlset start tag declaring exactly the extension namespaces in {@code ns}. */
    static byte[] urlsetHeader(int ns) {
        return URLSET_HEADERS[ns];
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
