package org.sitemapkit.bench;

import com.redfin.sitemapgenerator.ChangeFreq;
import com.redfin.sitemapgenerator.SitemapGeneratorBuilder;
import com.redfin.sitemapgenerator.WebSitemapGenerator;
import com.redfin.sitemapgenerator.WebSitemapUrl;
import java.util.Date;

/**
 * io.gdcc:sitemapgen4j 2.1.2, used as its README shows: a gzip generator on a directory,
 * {@code addUrl} per URL (it writes a page every 50,000 URLs by itself), then
 * {@code write()} and {@code writeSitemapsWithIndex()}. It can only write files, so it writes
 * into the target's directory even when the target discards.
 */
final class Gen4jContender implements Contender {
    /** sitemapgen4j's changefreq for each of {@link Workload#CHANGEFREQS}. */
    private static final ChangeFreq[] CHANGEFREQS = {ChangeFreq.DAILY, ChangeFreq.WEEKLY, ChangeFreq.MONTHLY};

    @Override
    public String id() {
        return "sitemapgen4j";
    }

    @Override
    public String label() {
        return "sitemapgen4j 2.1.2";
    }

    @Override
    public String description() {
        return "`WebSitemapGenerator.builder(base, dir).gzip(true).build()`, `addUrl(new WebSitemapUrl.Options(loc)"
                + ".lastMod(Date.from(instant)).changeFreq(freq).priority(p).build())` per URL (it cuts pages at 50,000 itself), "
                + "`write()`, `writeSitemapsWithIndex()`; its default date format; files only, so it always writes to disk.";
    }

    @Override
    public void run(long urls, Target target) throws Exception {
        SitemapGeneratorBuilder<WebSitemapGenerator> builder =
                WebSitemapGenerator.builder(Workload.BASE, target.dir().toFile());
        builder.gzip(true);
        WebSitemapGenerator generator = builder.build();
        for (long i = 0; i < urls; i++) {
            WebSitemapUrl.Options options = new WebSitemapUrl.Options(Workload.loc(i));
            options.lastMod(Date.from(Workload.lastmod(i)));
            options.changeFreq(CHANGEFREQS[Workload.changefreq(i)]);
            options.priority(Workload.priority(i));
            generator.addUrl(options.build());
        }
        generator.write();
        generator.writeSitemapsWithIndex();
    }
}
