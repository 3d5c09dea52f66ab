package org.sitemapkit.render;

import java.net.IDN;
import java.util.Locale;
import org.sitemapkit.model.Site;

/**
 * Writes a URL into a page as RFC 3986 percent-encoded, XML-escaped bytes in one pass, or says
 * why it cannot. Only characters outside the URI syntax are encoded; existing {@code %XX}
 * escapes are kept (hex upper-cased), so an already-encoded URL comes out unchanged.
 */
final class UrlEncoder {
  private UrlEncoder() {}

  static final int MAX_LENGTH = 2048;

  /** ASCII characters copied as they are in path, query and fragment. */
  private static final boolean[] PLAIN = new boolean[128];
  private static final byte[] HEX = Xml.bytes("0123456789ABCDEF");
  private static final byte[] AMP = Xml.bytes("&amp;");
  private static final byte[] APOS = Xml.bytes("&apos;");

  static {
    String plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        + "-._~" + "!$()*+,;=" + ":@/?";
    for (int i = 0; i < plain.length(); i++) {
      PLAIN[plain.charAt(i)] = true;
    }
  }

  /**
   * Writes a {@code loc}, which must lie inside {@code site}: its origin is written in the
   * site's canonical form, so {@code HTTPS://Shop.Example.com:443/a} becomes
   * {@code https://shop.example.com/a} and crawlers comparing prefixes agree.
   *
   * @return null when written, else the reason; on failure {@code out} holds partial bytes
   */
  static SkipReason writeLoc(ByteBuf out, String url, Site site) {
    String origin = site.origin();
    int end = origin.length();
    if (url.startsWith(origin) && (end == url.length() || "/?#".indexOf(url.charAt(end)) >= 0)) {
      out.ascii(origin); // the common case: already canonical, no need to parse the authority
      return writePath(out, url, end, end, site);
    }
    Authority a = Authority.parse(url);
    if (a.error != null) {
      return a.error;
    }
    if (!a.scheme.equals(site.scheme())) {
      return SkipReason.OTHER_SCHEME;
    }
    if (!a.host.equals(site.host())) {
      return SkipReason.OTHER_HOST;
    }
    if (a.port != site.effectivePort()) {
      return SkipReason.OTHER_PORT;
    }
    out.ascii(origin);
    return writePath(out, url, a.end, end, site);
  }

  private static SkipReason writePath(ByteBuf out, String url, int from, int length, Site site) {
    int pathStart = out.size();
    SkipReason r = writeRest(out, url, from, length);
    if (r != null) {
      return r;
    }
    return out.regionEquals(pathStart, site.directory()) ? null : SkipReason.OUTSIDE_DIRECTORY;
  }

  /** Writes an absolute URL on any host, for alternates, images and videos. */
  static SkipReason writeLink(ByteBuf out, String url) {
    Authority a = Authority.parse(url);
    if (a.error != null) {
      return a.error;
    }
    int before = out.size();
    out.ascii(a.scheme);
    out.ascii("://");
    out.ascii(a.host);
    if (a.port != (a.scheme.equals("https") ? 443 : 80)) {
      out.put((byte) ':');
      out.decimal(a.port);
    }
    return writeRest(out, url, a.end, out.size() - before);
  }

  /** Encodes path, query and fragment starting at {@code from}; {@code length} is counted so far. */
  private static SkipReason writeRest(ByteBuf out, String url, int from, int length) {
    int n = url.length();
    if (from == n || url.charAt(from) != '/') {
      out.put((byte) '/'); // "http://host" and "http://host?q" mean the root path
      length++;
    }
    boolean inPath = true;
    boolean inFragment = false;
    int segment = from;
    for (int i = from; i < n; i++) {
      char c = url.charAt(i);
      if (inPath && (c == '/' || c == '?' || c == '#')) {
        if (isDotSegment(url, segment, i)) {
          return SkipReason.DOT_SEGMENT;
        }
        segment = i + 1;
        inPath = c == '/';
      }
      if (c < 0x80) {
        if (c < 0x20 || c == 0x7F) {
          return SkipReason.CONTROL_CHARACTER;
        }
        if (PLAIN[c]) {
          out.put((byte) c);
          length++;
        } else if (c == '&') {
          out.put(AMP);
          length++;
        } else if (c == '\'') {
          out.put(APOS);
          length++;
        } else if (c == '%' && i + 2 < n && isHex(url.charAt(i + 1)) && isHex(url.charAt(i + 2))) {
          out.put((byte) '%');
          out.put((byte) Character.toUpperCase(url.charAt(++i)));
          out.put((byte) Character.toUpperCase(url.charAt(++i)));
          length += 3;
        } else if (c == '#' && !inFragment) {
          inFragment = true;
          out.put((byte) '#');
          length++;
        } else {
          percent(out, c);
          length += 3;
        }
      } else if (c <= 0x9F) {
        return SkipReason.CONTROL_CHARACTER; // C1 controls
      } else if (c < 0x800) {
        percent(out, 0xC0 | (c >> 6));
        percent(out, 0x80 | (c & 0x3F));
        length += 6;
      } else if (Character.isSurrogate(c)) {
        if (!Character.isHighSurrogate(c) || i + 1 == n || !Character.isLowSurrogate(url.charAt(i + 1))) {
          return SkipReason.MALFORMED;
        }
        int cp = Character.toCodePoint(c, url.charAt(++i));
        percent(out, 0xF0 | (cp >> 18));
        percent(out, 0x80 | ((cp >> 12) & 0x3F));
        percent(out, 0x80 | ((cp >> 6) & 0x3F));
        percent(out, 0x80 | (cp & 0x3F));
        length += 12;
      } else {
        percent(out, 0xE0 | (c >> 12));
        percent(out, 0x80 | ((c >> 6) & 0x3F));
        percent(out, 0x80 | (c & 0x3F));
        length += 9;
      }
      if (length > MAX_LENGTH) {
        return SkipReason.TOO_LONG;
      }
    }
    if (inPath && isDotSegment(url, segment, n)) {
      return SkipReason.DOT_SEGMENT;
    }
    return length > MAX_LENGTH ? SkipReason.TOO_LONG : null;
  }

  private static void percent(ByteBuf out, int b) {
    out.put((byte) '%');
    out.put(HEX[(b >> 4) & 0xF]);
    out.put(HEX[b & 0xF]);
  }

  private static boolean isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  /** {@code .} or {@code ..}, also spelled with {@code %2e}. */
  private static boolean isDotSegment(String url, int from, int to) {
    int dots = 0;
    for (int i = from; i < to; ) {
      if (url.charAt(i) == '.') {
        i++;
      } else if (url.regionMatches(true, i, "%2e", 0, 3)) {
        i += 3;
      } else {
        return false;
      }
      if (++dots > 2) {
        return false;
      }
    }
    return dots > 0;
  }

  /** The scheme, host and port of an absolute URL, lower-cased, or the reason it has none. */
  static final class Authority {
    String scheme;
    String host;
    int port;
    int end;
    SkipReason error;

    static Authority parse(String url) {
      Authority a = new Authority();
      int colon = url.indexOf("://");
      a.scheme = url.substring(0, colon).toLowerCase(Locale.ROOT);
      int start = colon + 3;
      int end = start;
      while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
        end++;
      }
      a.end = end;
      String authority = url.substring(start, end);
      if (authority.indexOf('@') >= 0 || authority.isEmpty()) {
        return a.fail(SkipReason.MALFORMED);
      }
      String host = authority;
      a.port = a.scheme.equals("https") ? 443 : 80;
      int portColon = authority.lastIndexOf(':');
      if (portColon >= 0 && authority.indexOf(']', portColon) < 0) {
        host = authority.substring(0, portColon);
        String digits = authority.substring(portColon + 1);
        if (!digits.isEmpty()) {
          if (digits.length() > 5 || !allDigits(digits)) {
            return a.fail(SkipReason.MALFORMED);
          }
          a.port = Integer.parseInt(digits);
          if (a.port == 0 || a.port > 65535) {
            return a.fail(SkipReason.MALFORMED);
          }
        }
      }
      a.host = normalizeHost(host);
      return a.host == null ? a.fail(SkipReason.MALFORMED) : a;
    }

    private static boolean allDigits(String s) {
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) < '0' || s.charAt(i) > '9') {
          return false;
        }
      }
      return true;
    }

    private Authority fail(SkipReason reason) {
      error = reason;
      return this;
    }

    private static String normalizeHost(String host) {
      if (host.isEmpty()) {
        return null;
      }
      if (host.charAt(0) == '[') {
        boolean ok = host.length() > 2 && host.endsWith("]") && host.substring(1, host.length() - 1)
            .chars().allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0);
        return ok ? host.toLowerCase(Locale.ROOT) : null;
      }
      String h = host;
      boolean ascii = true;
      for (int i = 0; i < h.length(); i++) {
        ascii &= h.charAt(i) < 0x80;
      }
      if (!ascii) {
        try {
          h = IDN.toASCII(h, IDN.ALLOW_UNASSIGNED);
        } catch (IllegalArgumentException e) {
          return null;
        }
      }
      h = h.toLowerCase(Locale.ROOT);
      for (int i = 0; i < h.length(); i++) {
        char c = h.charAt(i);
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) {
          return null;
        }
      }
      return h.startsWith(".") || h.startsWith("-") ? null : h;
    }
  }
}
