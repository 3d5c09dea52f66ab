package org.sitemapkit.servlet;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Locale;
import org.sitemapkit.config.SitemapSettings;
import org.sitemapkit.model.Site;

/**
 * Decides which site a request is for without trusting its Host header: a configured
 * {@code base-url} wins outright; otherwise only an allowed host is accepted. An allowed host
 * given without a port matches the bare host or the port the request actually arrived on,
 * so a forged port cannot multiply cache entries.
 */
final class SiteResolver {
  private final Site base;
  private final List<String> allowed;

  SiteResolver(SitemapSettings settings) {
    this.base = settings.baseUrl().orElse(null);
    this.allowed = settings.allowedHosts();
  }

  /** The site, or null when the request's host is not one we serve. */
  Site resolve(HttpServletRequest request) {
    if (base != null) {
      return base;
    }
    String header = request.getHeader("Host");
    if (header == null) {
      return null;
    }
    String host = header.trim().toLowerCase(Locale.ROOT);
    String name = host;
    int port = -1;
    int colon = host.lastIndexOf(':');
    if (colon >= 0 && host.indexOf(']', colon) < 0) {
      name = host.substring(0, colon);
      try {
        port = Integer.parseInt(host.substring(colon + 1));
      } catch (NumberFormatException e) {
        return null;
      }
    }
    if (!allowed.contains(host) && !(allowed.contains(name) && (port == -1 || port == request.getLocalPort()))) {
      return null;
    }
    try {
      return Site.of(request.getScheme(), name, port, request.getContextPath());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
