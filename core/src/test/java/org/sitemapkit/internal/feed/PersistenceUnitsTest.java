package org.sitemapkit.internal.feed;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLStreamException;
import org.junit.jupiter.api.Test;

/** Whether a persistence.xml lists SitemapKit's mapping file, as users write it. */
class PersistenceUnitsTest {

    static boolean lists(String xml) throws XMLStreamException {
        return PersistenceUnits.listsMappingFile(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aUnitListingTheFileIsHeard() throws XMLStreamException {
        assertTrue(lists("<persistence xmlns=\"https://jakarta.ee/xml/ns/persistence\" version=\"3.0\">"
                + "<persistence-unit name=\"a\"><mapping-file>META-INF/orm.xml</mapping-file>"
                + "<mapping-file>\n  META-INF/sitemapkit-orm.xml\n</mapping-file></persistence-unit></persistence>"));
        assertFalse(lists("<persistence><persistence-unit name=\"a\"><class>x.Item</class></persistence-unit>"
                + "<!-- <mapping-file>META-INF/sitemapkit-orm.xml</mapping-file> --></persistence>"));
    }

    @Test
    void aDocumentThatIsNotXmlOrDeclaresAnEntityIsRefused() {
        assertThrows(XMLStreamException.class, () -> lists("<persistence><mapping-file>"));
        assertThrows(
                XMLStreamException.class,
                () -> lists(
                        "<!DOCTYPE p [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><p><mapping-file>&x;</mapping-file></p>"));
    }
}
