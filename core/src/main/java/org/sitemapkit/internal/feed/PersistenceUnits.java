package org.sitemapkit.internal.feed;

import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.net.URL;
import java.util.Enumeration;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Whether an application's persistence units list SitemapKit's mapping file, read from its
 * {@code META-INF/persistence.xml} files with StAX (no DTD, no external entity): a JPA provider
 * such as EclipseLink makes the entity listener only at the unit's first use, after SitemapKit
 * started, so the file is what tells at start that its entities will be heard.
 */
final class PersistenceUnits {
    private static final System.Logger LOG = System.getLogger(PersistenceUnits.class.getName());
    static final String MAPPING_FILE = "META-INF/sitemapkit-orm.xml";

    private PersistenceUnits() {}

    /** Whether some {@code META-INF/persistence.xml} visible to {@code loader} lists the mapping file. */
    static boolean listMappingFile(ClassLoader loader) {
        try {
            Enumeration<URL> files = loader.getResources("META-INF/persistence.xml");
            while (files.hasMoreElements()) {
                URL file = files.nextElement();
                try (InputStream in = file.openStream()) {
                    if (listsMappingFile(in)) {
                        return true;
                    }
                } catch (IOException | XMLStreamException e) {
                    LOG.log(Level.DEBUG, "sitemapkit: cannot read " + file + ": " + e);
                }
            }
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "sitemapkit: cannot list the persistence units: " + e);
        }
        return false;
    }

    /**
     * Whether the document lists {@link #MAPPING_FILE} in a {@code <mapping-file>} element.
     *
     * @throws XMLStreamException when it is not well-formed XML, or declares a DTD
     */
    static boolean listsMappingFile(InputStream xml) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        XMLStreamReader reader = factory.createXMLStreamReader(xml);
        try {
            while (reader.hasNext()) {
                if (reader.next() == XMLStreamReader.START_ELEMENT
                        && reader.getLocalName().equals("mapping-file")
                        && reader.getElementText().strip().equals(MAPPING_FILE)) {
                    return true;
                }
            }
            return false;
        } finally {
            reader.close();
        }
    }
}
