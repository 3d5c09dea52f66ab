package org.sitemapkit.servlet;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;

/** Conditional requests and content negotiation, as RFC 9110 defines them. */
final class HttpCaching {
  private HttpCaching() {}

  /**
   * True when the client's copy is current: If-None-Match (weak comparison, as for GET) wins
   * over If-Modified-Since, which is only consulted without it.
   */
  static boolean notModified(HttpServletRequest request, String etag, long lastModifiedMillis) {
    String inm = request.getHeader("If-None-Match");
    if (inm != null) {
      String mine = opaque(etag);
      for (String tag : inm.split(",")) {
        String t = tag.trim();
        if (t.equals("*") || opaque(t).equals(mine)) {
          return true;
        }
      }
      return false;
    }
    if (lastModifiedMillis < 0) {
      return false;
    }
    long since;
    try {
      since = request.getDateHeader("If-Modified-Since");
    } catch (IllegalArgumentException e) {
      return false; // an unparseable date is ignored, as RFC 9110 says
    }
    return since >= 0 && lastModifiedMillis / 1000 * 1000 <= since;
  }

  private static String opaque(String tag) {
    return tag.startsWith("W/") ? tag.substring(2) : tag;
  }

  /** Whether gzip (or x-gzip, or *) is acceptable with a non-zero quality. */
  static boolean acceptsGzip(String acceptEncoding) {
    if (acceptEncoding == null) {
      return false;
    }
    for (String part : acceptEncoding.split(",")) {
      String[] p = part.trim().split(";");
      String coding = p[0].trim().toLowerCase(Locale.ROOT);
      if (!coding.equals("gzip") && !coding.equals("x-gzip") && !coding.equals("*")) {
        continue;
      }
      boolean zero = false;
      for (int i = 1; i < p.length; i++) {
        String param = p[i].trim().toLowerCase(Locale.ROOT);
        if (param.startsWith("q=")) {
          try {
            zero = Double.parseDouble(param.substring(2)) == 0.0;
          } catch (NumberFormatException e) {
            zero = true;
          }
        }
      }
      if (!zero) {
        return true;
      }
    }
    return false;
  }
}
