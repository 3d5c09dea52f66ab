package org.sitemapkit.jaxrs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.entry.IndexedEntry;

class IndexFileTest {
    private static final IndexedEntry ODD = IndexedEntry.builder()
            .className("a.B$C")
            .method("m(int[])")
            .template("/tab\there/back\\slash\nnew")
            .section("s")
            .priority(0.5)
            .build();
    private static final IndexedEntry PLAIN = IndexedEntry.builder()
            .className("a.A")
            .method("m()")
            .template("/")
            .section("pages")
            .changefreq("daily")
            .params("a.P")
            .build();

    @Test
    void roundTripsEscapesAndSortsWhateverTheOrder() throws IOException {
        String text = IndexFile.write(List.of(ODD, PLAIN));
        assertEquals(text, IndexFile.write(List.of(PLAIN, ODD)));
        assertEquals(
                "# sitemapkit-jaxrs entries 1\n"
                        + "# class\tmethod\ttemplate\tsection\tchangefreq\tpriority\tparams\n"
                        + "a.A\tm()\t/\tpages\tdaily\t-\ta.P\n"
                        + "a.B$C\tm(int[])\t/tab\\there/back\\\\slash\\nnew\ts\t-\t0.5\t-\n",
                text);
        assertEquals(List.of(PLAIN, ODD), IndexFile.read(new StringReader(text), "t"));
    }

    @Test
    void refusesAnotherVersionOrAMalformedLineNamingWhere() {
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> IndexFile.read(new StringReader("# sitemapkit-jaxrs entries 2\n"), "jar:x!/idx"))
                .getMessage()
                .startsWith("jar:x!/idx: not a sitemapkit-jaxrs index of version 1"));
        assertEquals(
                "jar:x!/idx:3: expected 7 tab-separated fields, found 2",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> IndexFile.read(
                                        new StringReader("# sitemapkit-jaxrs entries 1\n# columns\na\tb\n"),
                                        "jar:x!/idx"))
                        .getMessage());
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> IndexFile.read(
                                new StringReader("# sitemapkit-jaxrs entries 1\na\tm()\t/x\\q\ts\t-\t-\t-\n"), "f"))
                .getMessage()
                .startsWith("f:2: unknown escape"));
    }
}
