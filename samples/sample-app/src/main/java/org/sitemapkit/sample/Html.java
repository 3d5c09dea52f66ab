package org.sitemapkit.sample;

/**
 * The layout shared by every page and HTML escaping. Every value that comes from the database or the request
 * goes through {@link #text}; markup built here is trusted.
 */
final class Html {

    private Html() {}

    /**
     * Escapes text for HTML content and quoted attribute values.
     *
     * @param s any text
     * @return the text with {@code & < > " '} escaped
     */
    static String text(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** {@code <a href="...">text</a>} with both escaped. */
    static String link(String href, String text) {
        return "<a href=\"" + text(href) + "\">" + text(text) + "</a>";
    }

    /**
     * A whole HTML5 document. Its footer links SitemapKit's documents, which live at the web application's
     * context root; {@link Links#href} can reach them because this JAX-RS application is mapped there too.
     *
     * @param links the request's links, for the navigation
     * @param lang the page's language, e.g. {@code en}
     * @param title the title, as text (escaped here)
     * @param head extra markup for {@code <head>}, e.g. alternate links
     * @param body the main content as markup
     * @return the document
     */
    static String page(Links links, String lang, String title, String head, String body) {
        return """
                <!DOCTYPE html>
                <html lang="%1$s">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%2$s · %3$s</title>
                %4$s<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:1rem auto;padding:0 1rem;\
                line-height:1.5}nav a{margin-right:1rem}ul.products{columns:2}footer{margin-top:2rem;color:#666}</style>
                </head>
                <body>
                <nav>%5$s %6$s %7$s</nav>
                <main>
                %8$s
                </main>
                <footer>%9$s · %10$s · %11$s</footer>
                </body>
                </html>
                """.formatted(
                        text(lang),
                        text(title),
                        text(PageResource.HEADING),
                        head,
                        link(links.href("/"), "Home"),
                        link(links.href("/about"), "About"),
                        link(links.href("/contact"), "Contact"),
                        body,
                        link(links.href("/sitemap.html"), "Sitemap"),
                        link(links.href("/sitemap.xml"), "sitemap.xml"),
                        link(links.href("/robots.txt"), "robots.txt"));
    }
}
