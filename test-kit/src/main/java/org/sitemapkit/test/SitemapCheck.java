package org.sitemapkit.test;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import crawlercommons.sitemaps.extension.Extension;
import crawlercommons.sitemaps.extension.ExtensionMetadata;
import crawlercommons.sitemaps.extension.LinkAttributes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.GZIPInputStream;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.xml.sax.SAXException;

/**
 * Checks a running application's sitemap from a test, as a crawler reads it: {@code /sitemap.xml}
 * and every page it lists parsed strictly by crawler-commons and valid against the sitemaps.org
 * schemas, at least so many URLs, a sample of them answering 200, and robots.txt listing the
 * sitemap and disallowing none of its URLs. When the application runs in the test's JVM, also
 * what SitemapKit's status says: URLs skipped, and the render's audit (lastmods, news, hreflang).
 * Opted in with {@link #checkPages()}, each sampled URL is judged as SitemapKit's page verification
 * judges it inside the application (a redirect, a 404, noindex, a canonical elsewhere, an
 * unconfirmed hreflang alternate, no answer in time), but fetched from outside, as a crawler does.
 *
 * <pre>{@code
 * SitemapCheck.of("http://localhost:8080/").minUrls(1000).sample(20).maxSkipped(0).auditClean().run();
 * SitemapCheck.of("http://localhost:8080/").sampleAll().checkPages().run();
 * }</pre>
 *
 * <p>{@link #run()} throws an {@link AssertionError} naming every problem it found, so one run of a
 * test says all that is wrong.
 */
public final class SitemapCheck {
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    private final URI base;
    private long minUrls = 1;
    private int sample = 10;
    private long maxSkipped = -1;
    private boolean auditClean;
    private boolean robots = true;
    private boolean checkPages;
    private Duration pageTimeout = Duration.ofSeconds(10);

    private SitemapCheck(URI base) {
        this.base = base;
    }

    /**
     * A check of the application at {@code base}, where its {@code /sitemap.xml} is served.
     *
     * @param base the application's root URL, such as {@code http://localhost:8080/} or {@code
     *     http://localhost:8080/shop/}
     * @return a check with the defaults: at least one URL, a sample of 10, robots.txt checked
     */
    public static SitemapCheck of(String base) {
        Objects.requireNonNull(base, "base");
        return new SitemapCheck(URI.create(base.endsWith("/") ? base : base + "/"));
    }

    /**
     * At least {@code n} URLs, over every page.
     *
     * @param n the least number of URLs
     * @return this check
     */
    public SitemapCheck minUrls(long n) {
        minUrls = n;
        return this;
    }

    /**
     * How many listed URLs are fetched, spread evenly over the list, each to answer 200 (or, with
     * {@link #checkPages()}, to pass the page check).
     *
     * @param n 0 to fetch none
     * @return this check
     */
    public SitemapCheck sample(int n) {
        sample = n;
        return this;
    }

    /**
     * Every listed URL is fetched, not a sample: with {@link #checkPages()}, SitemapKit's {@code
     * verify=all} from outside.
     *
     * @return this check
     */
    public SitemapCheck sampleAll() {
        sample = Integer.MAX_VALUE;
        return this;
    }

    /**
     * Judges each sampled URL as SitemapKit's page verification ({@code sitemapkit.verify}) judges
     * it, with the same code and the same problem names, but asked from outside over HTTP as a
     * crawler asks: no redirect followed, of an HTML page only the head read (up to 64 KiB or its
     * end). A URL fails with {@code REDIRECT}, {@code NOT_FOUND}, {@code STATUS} (not 200), {@code
     * NOINDEX_HEADER} ({@code X-Robots-Tag}), {@code NOINDEX_META}, {@code CANONICAL_ELSEWHERE},
     * {@code HREFLANG_UNCONFIRMED} (the page declares alternates but not one the sitemap lists for
     * it) or {@code TIMEOUT} (see {@link #pageTimeout(Duration)}). Four pages are asked at once.
     *
     * @return this check
     */
    public SitemapCheck checkPages() {
        checkPages = true;
        return this;
    }

    /**
     * How long one page may take to answer, its head included, before {@link #checkPages()} counts
     * it as {@code TIMEOUT}; 10 s unless set, as {@code verify-timeout}.
     *
     * @param timeout more than zero
     * @return this check
     */
    public SitemapCheck pageTimeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the page timeout must be more than zero: " + timeout);
        }
        pageTimeout = timeout;
        return this;
    }

    /**
     * At most {@code n} URLs skipped by SitemapKit (a refused row, another host, robots.txt...), over
     * every section, as its status in this JVM says.
     *
     * @param n the most URLs skipped
     * @return this check
     */
    public SitemapCheck maxSkipped(long n) {
        maxSkipped = n;
        return this;
    }

    /**
     * The render's audit finds nothing in any section: no lastmod shared by most URLs, none in the
     * future or newer than the render, no one-sided hreflang link, no news section without recent
     * articles. Read from SitemapKit's status in this JVM.
     *
     * @return this check
     */
    public SitemapCheck auditClean() {
        auditClean = true;
        return this;
    }

    /**
     * Leaves robots.txt unchecked: for an application below the host's root, whose robots.txt
     * crawlers never read.
     *
     * @return this check
     */
    public SitemapCheck withoutRobots() {
        robots = false;
        return this;
    }

    /**
     * Runs every check.
     *
     * @return what was read, when nothing is wrong
     * @throws AssertionError naming every problem found
     */
    public Result run() {
        List<String> problems = new ArrayList<>();
        List<String> urls = new ArrayList<>();
        Map<String, Map<String, String>> alternates = new LinkedHashMap<>();
        List<String> documents = new ArrayList<>();
        URI root = base.resolve("sitemap.xml");
        AbstractSiteMap map = read(root, problems, documents);
        if (map instanceof SiteMapIndex index) {
            for (AbstractSiteMap page : index.getSitemaps()) {
                AbstractSiteMap read = read(uri(page.getUrl()), problems, documents);
                if (read instanceof SiteMap urlset) {
                    listed(urlset, urls, alternates);
                } else if (read != null) {
                    problems.add(page.getUrl() + " is listed in the index but is an index itself");
                }
            }
        } else if (map instanceof SiteMap urlset) {
            listed(urlset, urls, alternates);
        }
        if (urls.size() < minUrls) {
            problems.add(urls.size() + " URLs listed, fewer than the " + minUrls + " expected");
        }
        sampled(urls, alternates, problems);
        if (robots) {
            robots(root, urls, problems);
        }
        if (maxSkipped >= 0 || auditClean) {
            status(problems);
        }
        if (!problems.isEmpty()) {
            throw new AssertionError("the sitemap of " + base + " has " + problems.size() + " problem(s):\n  "
                    + String.join("\n  ", problems));
        }
        return new Result(List.copyOf(documents), List.copyOf(urls));
    }

    /** A sitemap document, parsed strictly and validated; null (and a problem) when it cannot be read. */
    private AbstractSiteMap read(URI uri, List<String> problems, List<String> documents) {
        HttpResponse<byte[]> r = get(uri, problems);
        if (r == null) {
            return null;
        }
        if (r.statusCode() != 200) {
            problems.add(uri + " answered " + r.statusCode());
            return null;
        }
        documents.add(uri.toString());
        byte[] body = r.body();
        if (uri.getPath().endsWith(".gz")) {
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
                body = in.readAllBytes();
            } catch (IOException e) {
                problems.add(uri + " is not gzip: " + e.getMessage());
                return null;
            }
        }
        AbstractSiteMap map;
        try {
            SiteMapParser parser = new SiteMapParser(true);
            if (checkPages) {
                parser.enableExtension(Extension.LINKS); // the hreflang alternates a page must confirm
            }
            map = parser.parseSiteMap(body, uri.toURL());
        } catch (UnknownFormatException | IOException e) {
            problems.add(uri + " is not read by crawler-commons (strict): " + e.getMessage());
            return null;
        }
        validate(uri, body, map instanceof SiteMapIndex ? Schemas.INDEX : Schemas.URLSET, problems);
        if (map instanceof SiteMap urlset) {
            for (SiteMapURL u : urlset.getSiteMapUrls()) {
                if (!u.isValid()) {
                    problems.add(uri + " lists " + u.getUrl() + ", outside its scope");
                }
            }
        }
        return map;
    }

    private static void validate(URI uri, byte[] body, Schema schema, List<String> problems) {
        try {
            schema.newValidator().validate(new StreamSource(new ByteArrayInputStream(body)));
        } catch (SAXException | IOException e) {
            problems.add(uri + " is not valid against the sitemaps.org schema: " + e.getMessage());
        }
    }

    /** The URLs of a urlset, in order, and the hreflang alternates each lists (with {@link #checkPages()}). */
    private static void listed(SiteMap urlset, List<String> urls, Map<String, Map<String, String>> alternates) {
        for (SiteMapURL u : urlset.getSiteMapUrls()) {
            String loc = u.getUrl().toString();
            urls.add(loc);
            ExtensionMetadata[] links = u.getAttributesForExtension(Extension.LINKS);
            if (links == null) {
                continue;
            }
            for (ExtensionMetadata m : links) {
                if (m instanceof LinkAttributes link && link.getHref() != null) {
                    Map<String, String> params = link.getParams();
                    String lang = params == null ? null : params.get("hreflang");
                    if (lang != null && "alternate".equals(params.get("rel"))) {
                        alternates
                                .computeIfAbsent(loc, k -> new LinkedHashMap<>())
                                .putIfAbsent(lang, link.getHref().toString());
                    }
                }
            }
        }
    }

    private void sampled(List<String> urls, Map<String, Map<String, String>> alternates, List<String> problems) {
        if (sample <= 0 || urls.isEmpty()) {
            return;
        }
        int n = Math.min(sample, urls.size());
        List<String> picked = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            picked.add(urls.get((int) ((long) i * urls.size() / n)));
        }
        if (checkPages) {
            new PageCheckRun(pageTimeout).run(picked, alternates, problems);
            return;
        }
        for (String url : picked) {
            HttpResponse<byte[]> r = get(URI.create(url), problems);
            if (r != null && r.statusCode() != 200) {
                problems.add(url + " is listed but answered " + r.statusCode());
            }
        }
    }

    private void robots(URI root, List<String> urls, List<String> problems) {
        URI robotsUri = base.resolve("/robots.txt");
        HttpResponse<byte[]> r = get(robotsUri, problems);
        if (r == null) {
            return;
        }
        if (r.statusCode() != 200) {
            problems.add(robotsUri + " answered " + r.statusCode());
            return;
        }
        String text = new String(r.body(), java.nio.charset.StandardCharsets.UTF_8);
        boolean listed = text.lines()
                .map(String::strip)
                .anyMatch(l -> l.regionMatches(true, 0, "sitemap:", 0, 8)
                        && l.substring(8).strip().equals(root.toString()));
        if (!listed) {
            problems.add(robotsUri + " has no line Sitemap: " + root);
        }
        BaseRobotRules rules = new SimpleRobotRulesParser()
                .parseContent(robotsUri.toString(), r.body(), "text/plain", List.of("sitemapkit-test"));
        long disallowed = 0;
        String first = null;
        for (String url : urls) {
            if (!rules.isAllowed(url)) {
                disallowed++;
                first = first == null ? url : first;
            }
        }
        if (disallowed > 0) {
            problems.add(robotsUri + " disallows " + disallowed + " listed URL(s), such as " + first);
        }
    }

    /** Skips and the audit, from SitemapKit's MBeans of this site in this JVM. */
    private void status(List<String> problems) {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        List<ObjectName> sections;
        try {
            sections = new ArrayList<>(server.queryNames(
                    new ObjectName("org.sitemapkit:type=Section,site=" + ObjectName.quote(base.toString()) + ",*"),
                    null));
        } catch (JMException e) {
            problems.add("cannot read SitemapKit's status: " + e);
            return;
        }
        if (sections.isEmpty()) {
            problems.add("no SitemapKit status for " + base + " in this JVM, so skips and the audit cannot be"
                    + " checked (the application runs elsewhere, or has served no sitemap yet)");
            return;
        }
        long skipped = 0;
        for (ObjectName name : sections) {
            try {
                String section = (String) server.getAttribute(name, "Section");
                Object skips = server.getAttribute(name, "Skipped");
                if (skips instanceof Map<?, ?> m) {
                    for (Object v : m.values()) {
                        skipped += ((Number) v).longValue();
                    }
                } else if (skips instanceof javax.management.openmbean.TabularData t) {
                    for (Object row : t.values()) {
                        skipped += ((Number) ((javax.management.openmbean.CompositeData) row).get("value")).longValue();
                    }
                }
                String audit = (String) server.getAttribute(name, "Audit");
                if (auditClean && !audit.isEmpty()) {
                    problems.add("section " + section + ": " + audit);
                }
            } catch (JMException e) {
                problems.add("cannot read " + name + ": " + e);
            }
        }
        if (maxSkipped >= 0 && skipped > maxSkipped) {
            problems.add(skipped + " URLs skipped, more than " + maxSkipped + " (their reasons are in the log and"
                    + " the status)");
        }
    }

    private static HttpResponse<byte[]> get(URI uri, List<String> problems) {
        try {
            return CLIENT.send(
                    HttpRequest.newBuilder(uri)
                            .timeout(Duration.ofSeconds(30))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            problems.add("cannot fetch " + uri + ": " + e);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problems.add("interrupted fetching " + uri);
            return null;
        }
    }

    private static URI uri(URL url) {
        try {
            return url.toURI();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /**
     * What a passing check read.
     *
     * @param documents the sitemap documents fetched, the root first
     * @param urls every URL they list, in order
     */
    public record Result(List<String> documents, List<String> urls) {}

    /** The bundled schemas, read once. */
    private static final class Schemas {
        static final Schema URLSET = schema("sitemap.xsd");
        static final Schema INDEX = schema("siteindex.xsd");

        private static Schema schema(String name) {
            try {
                SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
                f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
                f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
                return f.newSchema(SitemapCheck.class.getResource(name));
            } catch (SAXException e) {
                throw new IllegalStateException("cannot read the bundled " + name, e);
            }
        }
    }
}
