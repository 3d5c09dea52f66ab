package org.sitemapkit.internal.http;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a request path (relative to the context) asks for, parsed strictly from the raw path,
 * so a section name never needs decoding. A {@code /sitemap-*.xml} name that is not exactly a
 * page name is not ours: the application may have such a file of its own.
 */
public final class DocumentPath {
    /** The documents SitemapKit answers. */
    public enum Kind {
        ROOT,
        INDEX,
        PAGE,
        ROBOTS,
        HTML,
        INDEXNOW_KEY
    }

    /** Index documents after the first, when a site has more than 50,000 pages. */
    private static final Pattern INDEX = Pattern.compile("/sitemap-([2-9]|[1-9][0-9]{1,8})\\.xml");

    private static final Pattern PAGE =
            Pattern.compile("/sitemap-([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)-([1-9][0-9]{0,8})\\.xml(\\.gz)?");

    /**
     * The page and index names already matched: every request for a page asks, and the same few
     * names come again and again. Only names of sections served are kept, so that names a client
     * makes up do not take the room; bounded, since anyone can ask for any page number; past the
     * bound, names are matched as before.
     */
    private static final ConcurrentHashMap<String, DocumentPath> MATCHED = new ConcurrentHashMap<>();

    private static final int MAX_MATCHED = 1024;

    public final Kind kind;
    public final String section;
    public final int number;
    public final boolean gzipFile;

    private DocumentPath(Kind kind, String section, int number, boolean gzipFile) {
        this.kind = kind;
        this.section = section;
        this.number = number;
        this.gzipFile = gzipFile;
    }

    /** Null when the path is not SitemapKit's, so the request goes down the chain untouched. */
    public static DocumentPath parse(String path, String indexnowKey) {
        return parse(path, indexnowKey, section -> false);
    }

    /**
     * {@link #parse(String, String)}, keeping the match of a page name when {@code served} knows its
     * section, and of an index name.
     */
    public static DocumentPath parse(String path, String indexnowKey, Predicate<String> served) {
        switch (path) {
            case "/sitemap.xml":
                return new DocumentPath(Kind.ROOT, null, 0, false);
            case "/robots.txt":
                return new DocumentPath(Kind.ROBOTS, null, 0, false);
            case "/sitemap.html":
                return new DocumentPath(Kind.HTML, null, 0, false);
            default:
                break;
        }
        if (indexnowKey != null
                && path.length() == indexnowKey.length() + 5
                && path.startsWith("/")
                && path.endsWith(".txt")
                && path.regionMatches(1, indexnowKey, 0, indexnowKey.length())) {
            return new DocumentPath(Kind.INDEXNOW_KEY, null, 0, false);
        }
        if (path.startsWith("/sitemap-")) {
            DocumentPath known = MATCHED.get(path);
            if (known != null) {
                return known;
            }
            DocumentPath matched = match(path);
            if (matched != null
                    && (matched.kind == Kind.INDEX || served.test(matched.section))
                    && MATCHED.size() < MAX_MATCHED) {
                MATCHED.put(path, matched);
            }
            return matched;
        }
        return null;
    }

    /** A page or an index after the first, by its name, or null. */
    private static DocumentPath match(String path) {
        Matcher index = INDEX.matcher(path);
        if (index.matches()) {
            return new DocumentPath(Kind.INDEX, null, Integer.parseInt(index.group(1)), false);
        }
        Matcher m = PAGE.matcher(path);
        if (m.matches()) {
            return new DocumentPath(Kind.PAGE, m.group(1), Integer.parseInt(m.group(2)), m.group(3) != null);
        }
        return null;
    }
}
