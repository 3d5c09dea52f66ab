package org.sitemapkit.bench;

import cz.jiripinkas.jsitemapgenerator.ChangeFreq;
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
    /** jsitemapgenerator's changefreq for each of {@link Workload#CHANGEFREQS}. */
    private static final ChangeFreq[] CHANGEFREQS = {ChangeFreq.DAILY, ChangeFreq.WEEKLY, ChangeFreq.MONTHLY};

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
                + ".name(loc).lastMod(LocalDateTime.ofInstant(instant, UTC)).changeFreq(freq).priority(p).build())` per URL, "
                + "`toGzipByteArray()` written to a file; then `SitemapIndexGenerator.of(base)` with one page per chunk, "
                + "`toString()` as the plain index, each entry's lastmod the latest of its chunk.";
    }

    @Override
    public void run(long urls, Target target) throws Exception {
        SitemapIndexGenerator index = SitemapIndexGenerator.of(Workload.BASE);
        int pages = Workload.pages(urls);
        for (int p = 0; p < pages; p++) {
            SitemapGenerator generator = SitemapGenerator.of(Workload.BASE);
            long end = Math.min(urls, (long) (p + 1) * Workload.PAGE_URLS);
            LocalDateTime latest = null;
            for (long i = (long) p * Workload.PAGE_URLS; i < end; i++) {
                LocalDateTime lastmod = LocalDateTime.ofInstant(Workload.lastmod(i), ZoneOffset.UTC);
                if (latest == null || lastmod.isAfter(latest)) {
                    latest = lastmod;
                }
                generator.addPage(WebPage.builder()
                        .name(Workload.loc(i))
                        .lastMod(lastmod)
                        .changeFreq(CHANGEFREQS[Workload.changefreq(i)])
                        .priority(Workload.priority(i))
                        .build());
            }
            String name = "sitemap-" + (p + 1) + ".xml.gz";
            byte[] gzip = generator.toGzipByteArray();
            try (OutputStream out = target.create(name)) {
                out.write(gzip);
            }
            index.addPage(
                    WebPage.builder().name(Workload.BASE + name).lastMod(latest).build());
        }
        try (OutputStream out = target.create(Workload.INDEX_FILE)) {
            out.write(index.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
