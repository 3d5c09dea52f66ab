package org.sitemapkit.internal.feed;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import javax.xml.stream.XMLStreamException;

/**
 * An application's persistence.xml is read at start to know whether its units list SitemapKit's
 * mapping file: whatever the bytes, it answers or refuses them with an XMLStreamException, which
 * the caller logs; never another exception that would stop the application.
 */
class PersistenceUnitsFuzzTest {

    @FuzzTest(maxDuration = "20s")
    void persistenceXml(FuzzedDataProvider data) {
        try {
            PersistenceUnits.listsMappingFile(new ByteArrayInputStream(data.consumeRemainingAsBytes()));
        } catch (XMLStreamException e) {
            // documented: not a document it reads
        }
    }
}
