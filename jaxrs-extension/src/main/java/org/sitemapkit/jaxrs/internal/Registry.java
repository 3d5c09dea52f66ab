package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sitemapkit.servlet.SitemapKit;

/**
 * The JAX-RS entries of one web application, by application, kept as a context attribute. Each
 * section is registered with core once; a JAX-RS application that starts again (a Jersey reload)
 * replaces its own entries and invalidates the sections they touch.
 */
final class Registry {
  static final String ATTRIBUTE = Registry.class.getName();

  private final SitemapKit kit;
  private final Map<String, List<ResolvedEntry>> byApp = new TreeMap<>();
  private final Set<String> registered = new HashSet<>();

  private Registry(SitemapKit kit) {
    this.kit = kit;
  }

  static Registry of(ServletContext context) {
    synchronized (context) {
      Object existing = context.getAttribute(ATTRIBUTE);
      if (existing instanceof Registry) {
        return (Registry) existing;
      }
      Registry r = new Registry(SitemapKit.of(context));
      context.setAttribute(ATTRIBUTE, r);
      return r;
    }
  }

  /** Sets the entries of application {@code key}, replacing what it published before. */
  void publish(String key, List<ResolvedEntry> entries) {
    Set<String> touched = new TreeSet<>();
    synchronized (this) {
      List<ResolvedEntry> old = byApp.put(key, List.copyOf(entries));
      if (old != null) {
        old.forEach(e -> touched.add(e.entry.section()));
      }
      entries.forEach(e -> touched.add(e.entry.section()));
      for (String section : touched) {
        if (registered.add(section)) {
          kit.register(new SectionSource(section, this));
        }
      }
    }
    touched.forEach(kit::invalidate); // a section rendered before this application started
  }

  /** The entries of a section: applications in key order, each in its own order. */
  synchronized List<ResolvedEntry> entries(String section) {
    List<ResolvedEntry> list = new ArrayList<>();
    for (List<ResolvedEntry> entries : byApp.values()) {
      for (ResolvedEntry e : entries) {
        if (e.entry.section().equals(section)) {
          list.add(e);
        }
      }
    }
    return Collections.unmodifiableList(list);
  }
}
