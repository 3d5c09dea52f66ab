package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.ValidatorHandler;
import org.xml.sax.Attributes;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;
import org.xml.sax.helpers.XMLFilterImpl;

/**
 * Checks documents as the outside world would: against the sitemaps.org XSDs shipped in the
 * sitemapgen4j jar, and through crawler-commons' strict parser.
 */
public final class Validation {
    private Validation() {}

    static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    private static final Schema URLSET = schema("com/redfin/sitemapgenerator/sitemap.xsd");
    private static final Schema INDEX = schema("com/redfin/sitemapgenerator/siteindex.xsd");

    private static Schema schema(String resource) {
        try {
            URL url = Validation.class.getClassLoader().getResource(resource);
            if (url == null) {
                throw new IllegalStateException(resource + " not on the test class path");
            }
            return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(url);
        } catch (SAXException e) {
            throw new IllegalStateException(e);
        }
    }

    static void validUrlset(byte[] xml) {
        validate(URLSET, xml);
    }

    static void validIndex(byte[] xml) {
        validate(INDEX, xml);
    }

    /**
     * The base schemas process extension elements strictly but do not carry the extension
     * schemas, so elements of other namespaces are filtered out before validation; the
     * extensions are checked by crawler-commons instead.
     */
    private static void validate(Schema schema, byte[] xml) {
        try {
            SAXParserFactory f = SAXParserFactory.newInstance();
            f.setNamespaceAware(true);
            XMLReader reader = f.newSAXParser().getXMLReader();
            ValidatorHandler validator = schema.newValidatorHandler();
            validator.setErrorHandler(new ErrorHandler() {
                @Override
                public void warning(SAXParseException e) {}

                @Override
                public void error(SAXParseException e) throws SAXException {
                    throw e;
                }

                @Override
                public void fatalError(SAXParseException e) throws SAXException {
                    throw e;
                }
            });
            XMLFilterImpl onlySitemapNamespace = new XMLFilterImpl(reader) {
                private int foreign;

                @Override
                public void startElement(String uri, String local, String q, Attributes atts) throws SAXException {
                    if (foreign > 0 || !NS.equals(uri)) {
                        foreign++;
                    } else {
                        super.startElement(uri, local, q, atts);
                    }
                }

                @Override
                public void endElement(String uri, String local, String q) throws SAXException {
                    if (foreign > 0) {
                        foreign--;
                    } else {
                        super.endElement(uri, local, q);
                    }
                }

                @Override
                public void characters(char[] ch, int start, int length) throws SAXException {
                    if (foreign == 0) {
                        super.characters(ch, start, length);
                    }
                }
            };
            onlySitemapNamespace.setContentHandler(validator);
            onlySitemapNamespace.parse(new InputSource(new ByteArrayInputStream(xml)));
        } catch (Exception e) {
            throw new AssertionError("not valid against the sitemaps.org XSD: " + e.getMessage() + "\n" + head(xml), e);
        }
    }

    private static String head(byte[] xml) {
        String s = new String(xml, StandardCharsets.UTF_8);
        return s.length() > 2000 ? s.substring(0, 2000) + "…" : s;
    }

    /** crawler-commons in strict mode, extensions on: what a crawler reads from a urlset. */
    public static List<SiteMapURL> crawl(byte[] xml, String sitemapUrl) {
        try {
            SiteMapParser parser = new SiteMapParser(true);
            parser.enableExtensions();
            AbstractSiteMap map =
                    parser.parseSiteMap(xml, URI.create(sitemapUrl).toURL());
            assertTrue(!map.isIndex(), "expected a urlset");
            return new ArrayList<>(((SiteMap) map).getSiteMapUrls());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    public static List<AbstractSiteMap> crawlIndex(byte[] xml, String indexUrl) {
        try {
            SiteMapParser parser = new SiteMapParser(true);
            AbstractSiteMap map = parser.parseSiteMap(xml, URI.create(indexUrl).toURL());
            assertTrue(map.isIndex(), "expected a sitemap index");
            return new ArrayList<>(((SiteMapIndex) map).getSitemaps());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
