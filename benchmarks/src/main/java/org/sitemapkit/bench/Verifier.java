package org.sitemapkit.bench;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.xml.sax.SAXException;

/**
 * Reads a contender's output back: every file through crawler-commons' strict parser (which
 * drops URLs outside the sitemap's directory), counting URLs and index entries, and one page
 * plus the index against the sitemaps.org XSDs that sitemapgen4j's jar carries.
 */
final class Verifier {
    private Verifier() {}

    /** What one contender's directory holds. */
    static final class Check {
        long urls;
        int pages;
        int indexEntries = -1;
        int indexEntriesMissing;
        long bytes;
        String pageXsd = "not checked";
        String indexXsd = "not checked";
        final List<String> problems = new ArrayList<>();

        boolean pageXsdValid() {
            return pageXsd.equals("valid");
        }

        boolean indexXsdValid() {
            return indexXsd.equals("valid");
        }
    }

    /** Sizes only: the bytes and the page files, without parsing. */
    static long bytes(Path dir) throws IOException {
        long total = 0;
        for (Path p : files(dir)) {
            total += Files.size(p);
        }
        return total;
    }

    static Check check(Path dir, boolean xsd) throws IOException {
        Check c = new Check();
        SiteMapParser parser = new SiteMapParser(true);
        Set<String> present = new HashSet<>();
        List<String> listed = new ArrayList<>();
        Path firstPage = null;
        Path index = null;
        for (Path file : files(dir)) {
            String name = file.getFileName().toString();
            byte[] bytes = Files.readAllBytes(file);
            c.bytes += bytes.length;
            URL url = new URL(Workload.BASE + name);
            AbstractSiteMap map;
            try {
                map = parser.parseSiteMap(bytes, url);
            } catch (Exception e) {
                c.problems.add(name + ": " + e);
                continue;
            }
            if (map.isIndex()) {
                index = file;
                SiteMapIndex idx = (SiteMapIndex) map;
                c.indexEntries = idx.getSitemaps().size();
                for (AbstractSiteMap s : idx.getSitemaps()) {
                    listed.add(s.getUrl().toString());
                }
            } else {
                present.add(url.toString());
                c.pages++;
                c.urls += ((SiteMap) map).getSiteMapUrls().size();
                if (firstPage == null
                        || pageNumber(name) < pageNumber(firstPage.getFileName().toString())) {
                    firstPage = file;
                }
            }
        }
        for (String loc : listed) {
            if (!present.contains(loc)) {
                c.indexEntriesMissing++;
            }
        }
        if (c.indexEntriesMissing > 0) {
            c.problems.add(c.indexEntriesMissing + " index entries name no written page");
        }
        if (xsd) {
            c.pageXsd = firstPage == null ? "no page" : validate(firstPage, "sitemap.xsd");
            c.indexXsd = index == null ? "no index" : validate(index, "siteindex.xsd");
        }
        return c;
    }

    private static int pageNumber(String name) {
        String digits = name.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(digits);
    }

    /** "valid", or "invalid: " and the first error. */
    static String validate(Path file, String xsd) throws IOException {
        URL schemaUrl = Verifier.class.getResource("/com/redfin/sitemapgenerator/" + xsd);
        if (schemaUrl == null) {
            return "schema " + xsd + " not on the class path";
        }
        try {
            Schema schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                    .newSchema(schemaUrl);
            Validator validator = schema.newValidator();
            byte[] bytes = Files.readAllBytes(file);
            InputStream in = new ByteArrayInputStream(bytes);
            if (bytes.length > 2 && bytes[0] == (byte) 0x1f && bytes[1] == (byte) 0x8b) {
                in = new GZIPInputStream(in, 1 << 16);
            }
            try (InputStream doc = in) {
                validator.validate(new StreamSource(doc));
            }
            return "valid";
        } catch (SAXException e) {
            String m = String.valueOf(e.getMessage());
            return "invalid: " + (m.length() > 160 ? m.substring(0, 160) + "…" : m);
        }
    }

    static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
