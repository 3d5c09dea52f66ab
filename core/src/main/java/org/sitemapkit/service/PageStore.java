package org.sitemapkit.service;

/**
 * Where rendered sections are kept. In memory by default; a distributed implementation lets
 * several nodes share renders. Keys are opaque strings naming a site and a section.
 * Implementations must be thread-safe.
 */
public interface PageStore {
  /** The section last put under {@code key}, or null. */
  RenderedSection get(String key);

  void put(String key, RenderedSection section);

  void remove(String key);
}
