package org.sitemapkit.bench;

import cz.jiripinkas.jsitemapgenerator.WebPage;
import cz.jiripinkas.jsitemapgenerator.generator.SitemapGenerator;
import cz.jiripinkas.jsitemapgenerator.generator.SitemapIndexGenerator;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * cz.jiripinkas:jsitemapgenerator 4.5. It renders one document from the pages added to it and
 * does not split, so the harness feeds it 50,000-URL chunks, one generator each, and gzips
 * with its own {@code toGzipByteArray()}; the index comes from its
 * {@code SitemapIndexGenerator}.
 */
final class JsitemapContender implements Contender {
    @Override
    public String id() {
        return "jsitemapgenerator";
    }

    @Override
    public String label() {
        return "jsitemapgenerator 4.5";
    }

    @Override
    public String description() {
        return "per 50,000-URL chunk (split by the harness): `SitemapGenerator.of(base)`, `addPage(WebPage.builder()"
                + ".name(loc).lastMod(localDateTime).changeFreqWeekly().priority(0.5).build())` per URL, "
                + "`toGzipByteArray()` written to a file; then `SitemapIndexGenerator.of(base)` with one page per chunk, "
                + "`toString()` as the plain index.";
    }

    @Override
    public void run(long urls, Target target) throws Exception {
        LocalDateTime lastmod = LocalDateTime.ofInstant(Workload.LASTMOD, ZoneOffset.UTC);
        SitemapIndexGenerator index = SitemapIndexGenerator.of(Workload.BASE);
        int pages = Workload.pages(urls);
        for (int p = 0; p < pages; p++) {
            SitemapGenerator generator = SitemapGenerator.of(Workload.BASE);
            long end = Math.min(urls, (long) (p + 1) * Workload.PAGE_URLS);
            for (long i = (long) p * Workload.PAGE_URLS; i < end; i++) {
                generator.addPage(WebPage.builder()
                        .name(Workload.loc(i))
                        .lastMod(lastmod)
                        .changeFreqWeekly()
                        .priority(Workload.PRIORITY)
                        .build());
            }
            String name = "sitemap-" + (p + 1) + ".xml.gz";
            byte[] gzip = generator.toGzipByteArray();
            try (OutputStream out = target.create(name)) {
                out.write(gzip);
            }
            index.addPage(WebPage.builder()
                    .name(Workload.BASE + name)
                    .lastMod(lastmod)
                    .build());
        }
        try (OutputStream out = target.create(Workload.INDEX_FILE)) {
            out.write(index.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
