package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletContext;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.render.LogText;

/**
 * The URLs of a section's entries, pulled one at a time: a plain entry gives one URL, a templated
 * one a URL per row of its provider, whose stream is opened only when reached and closed as soon
 * as it is drained (or when this is closed). Not {@code flatMap}: a flat-mapped stream read
 * through an iterator buffers a whole provider's rows, and this must stay lazy however it is read.
 */
final class EntryUrls implements Iterator<SitemapUrl>, AutoCloseable {
  private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");

  private final Site site;
  private final Iterator<ResolvedEntry> entries;
  private ResolvedEntry current;
  private Stream<PathParams> stream;
  private Iterator<PathParams> rows;
  private SitemapUrl next;
  private long skipped;
  private String firstSkip;

  EntryUrls(Site site, List<ResolvedEntry> entries) {
    this.site = site;
    this.entries = entries.iterator();
  }

  @Override
  public boolean hasNext() {
    while (next == null) {
      if (rows != null) {
        if (rows.hasNext()) {
          next = url(current, rows.next());
          continue;
        }
        finishEntry();
      }
      if (!entries.hasNext()) {
        return false;
      }
      current = entries.next();
      if (current.provider == null) {
        next = url(current, null);
      } else {
        open(current);
      }
    }
    return true;
  }

  @Override
  public SitemapUrl next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    SitemapUrl u = next;
    next = null;
    return u;
  }

  private void open(ResolvedEntry e) {
    try {
      stream = e.app.providers.get(e.provider).params(new Context(e, site));
    } catch (RuntimeException ex) {
      throw ex;
    } catch (Exception ex) {
      throw new IllegalStateException(e.provider.getName() + " failed for " + e.displayPath() + ": " + ex, ex);
    }
    if (stream == null) {
      throw new IllegalStateException(e.provider.getName() + ".params() returned null for " + e.displayPath());
    }
    rows = stream.iterator();
  }

  /** The URL for one row (null for a plain entry), or null after counting why it is skipped. */
  private SitemapUrl url(ResolvedEntry e, PathParams row) {
    if (row == null && e.provider != null) {
      return skip(e, "the provider yielded a null row");
    }
    String path = row == null ? e.template.expand(name -> null) : e.template.expand(name -> row.get(name).orElse(null));
    if (path == null) {
      for (String name : e.template.variables()) {
        String problem = PathTemplate.valueProblem(row.get(name).orElse(null));
        if (problem != null) {
          return skip(e, "{" + name + "} " + problem + " in " + row);
        }
      }
      return skip(e, "a value cannot be encoded in " + row);
    }
    try {
      SitemapUrl.Builder b = SitemapUrl.builder(site.url(e.app.basePath + path));
      if (e.changefreq != null) {
        b.changefreq(e.changefreq);
      }
      if (!Double.isNaN(e.priority)) {
        b.priority(e.priority);
      }
      if (row != null) {
        b.lastmod(row.lastmod().orElse(null));
        for (String image : row.images()) {
          b.image(absolute(e, image));
        }
        for (Map.Entry<String, String> a : row.alternates().entrySet()) {
          b.alternate(a.getKey(), absolute(e, a.getValue()));
        }
      }
      return b.build();
    } catch (IllegalArgumentException ex) {
      return skip(e, ex.getMessage());
    }
  }

  /**
   * A path starting with {@code /} is under the JAX-RS application, as entry paths are, and is
   * percent-encoded as the entries' own paths are, so that an alternate naming this very page
   * equals its loc.
   */
  private String absolute(ResolvedEntry e, String urlOrPath) {
    return urlOrPath.startsWith("/") ? site.url(e.app.basePath + PathEncoding.literal(urlOrPath)) : urlOrPath;
  }

  private SitemapUrl skip(ResolvedEntry e, String why) {
    if (e.provider == null) {
      LOG.log(System.Logger.Level.WARNING, "sitemapkit: skipped {0} ({1}#{2}): {3}",
          e.displayPath(), e.resourceClass.getName(), e.entry.methodName(), LogText.quote(why));
      return null;
    }
    if (skipped++ == 0) {
      firstSkip = why;
    }
    return null;
  }

  private void finishEntry() {
    closeStream();
    if (skipped > 0) {
      LOG.log(System.Logger.Level.WARNING, "sitemapkit: skipped {0} URL(s) of {1} ({2}#{3}); the first: {4}",
          skipped, current.displayPath(), current.resourceClass.getName(), current.entry.methodName(),
          LogText.quote(firstSkip));
    }
    skipped = 0;
    firstSkip = null;
  }

  private void closeStream() {
    Stream<PathParams> s = stream;
    stream = null;
    rows = null;
    if (s != null) {
      s.close();
    }
  }

  @Override
  public void close() {
    closeStream();
  }

  /** What a provider sees of the entry it serves. */
  private static final class Context implements PathParamsContext {
    private final ResolvedEntry entry;
    private final Site site;

    Context(ResolvedEntry entry, Site site) {
      this.entry = entry;
      this.site = site;
    }

    @Override
    public ServletContext servletContext() {
      return entry.app.servletContext;
    }

    @Override
    public Site site() {
      return site;
    }

    @Override
    public String pathTemplate() {
      return entry.entry.template();
    }

    @Override
    public Class<?> resourceClass() {
      return entry.resourceClass;
    }

    @Override
    public String resourceMethod() {
      return entry.entry.methodName();
    }
  }
}
