package org.sitemapkit.sample.boot;

import org.springframework.web.util.HtmlUtils;

/** The layout every page shares. Text from the database goes through {@link #text}; markup built here is trusted. */
final class Html {
    static final String SHOP = "SitemapKit sample shop";

    private Html() {}

    static String text(String s) {
        return HtmlUtils.htmlEscape(s);
    }

    static String link(String href, String text) {
        return "<a href=\"" + text(href) + "\">" + text(text) + "</a>";
    }

    /** A whole HTML document; the footer links what SitemapKit serves. */
    static String page(String title, String body) {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <title>%s · %s</title>
                </head>
                <body>
                <nav><a href="/">Home</a> <a href="/about">About</a> <a href="/help">Help</a> <a href="/contact">Contact</a></nav>
                <main>
                %s
                </main>
                <footer><a href="/sitemap.html">Sitemap</a> · <a href="/sitemap.xml">sitemap.xml</a> · <a href="/robots.txt">robots.txt</a></footer>
                </body>
                </html>
                """.formatted(text(title), SHOP, body);
    }
}
