package org.sitemapkit.jaxrs.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.StringReader;
import org.sitemapkit.internal.entry.PathTemplate;

/**
 * What the runtime reads that a build or a user wrote: path templates from {@code @Path} and the
 * processor's index file. Either read, or refused with an IllegalArgumentException saying what is
 * wrong, as deployment reports it; never another exception.
 */
class IndexFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void pathTemplate(FuzzedDataProvider data) {
        try {
            PathTemplate.parse(data.consumeRemainingAsString());
        } catch (IllegalArgumentException e) {
            // documented: the message says what is wrong and where
        }
    }

    @FuzzTest(maxDuration = "20s")
    void indexFile(FuzzedDataProvider data) throws IOException {
        String body = data.consumeRemainingAsString();
        try {
            IndexFile.read(new StringReader(IndexFile.VERSION_LINE + "\n" + body), "fuzzed index");
        } catch (IllegalArgumentException e) {
            // documented: a malformed line, named
        }
    }
}
