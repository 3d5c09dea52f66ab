package org.sitemapkit.model;

/** The one argument check the model needs, so that no utility jar is. */
final class Checks {
  private Checks() {}

  private static final String[] TENTHS = new String[51];

  static {
    for (int i = 0; i < TENTHS.length; i++) {
      TENTHS[i] = (i / 10) + "." + (i % 10);
    }
  }

  static void checkArgument(boolean ok, String format, Object... args) {
    if (!ok) {
      throw new IllegalArgumentException(String.format(format, args));
    }
  }

  static <T> T checkNotNull(T value, String field) {
    if (value == null) {
      throw new NullPointerException(field + " == null");
    }
    return value;
  }

  /** Absolute http(s) with a host: anything else can never become a valid {@code loc}. */
  static String checkAbsoluteUrl(String url, String field) {
    checkNotNull(url, field);
    int colon = url.startsWith("https://") ? 5 : url.startsWith("http://") ? 4 : -1; // the usual spellings
    if (colon < 0) {
      colon = url.indexOf("://");
      boolean scheme = colon == 4 && url.regionMatches(true, 0, "http", 0, 4)
          || colon == 5 && url.regionMatches(true, 0, "https", 0, 5);
      colon = scheme ? colon : -1;
    }
    boolean ok = colon > 0 && url.length() > colon + 3 && "/?#".indexOf(url.charAt(colon + 3)) < 0;
    checkArgument(ok, "%s must be an absolute http or https URL: \"%s\"", field, url);
    return url;
  }

  /**
   * Text that XML 1.0 can carry: no control characters but tab, CR and LF, no unpaired
   * surrogates, no U+FFFE/U+FFFF. Escaping cannot repair these, so they are refused early.
   */
  static String checkXmlText(String text, String field) {
    checkNotNull(text, field);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean ok;
      if (c < 0x20) {
        ok = c == '\t' || c == '\n' || c == '\r';
      } else if (Character.isHighSurrogate(c)) {
        ok = i + 1 < text.length() && Character.isLowSurrogate(text.charAt(++i));
      } else {
        ok = !Character.isLowSurrogate(c) && c != 0xFFFE && c != 0xFFFF;
      }
      checkArgument(ok, "%s has a character XML cannot carry (U+%04X at %d): \"%s\"",
          field, (int) c, i, text);
    }
    return text;
  }

  /** Plain decimal text with at least one fraction digit, as XSD decimals are usually written. */
  static String decimal(double value) {
    long tenths = Math.round(value * 10);
    if (tenths >= 0 && tenths < TENTHS.length && tenths / 10.0 == value) {
      return TENTHS[(int) tenths]; // the usual priorities and ratings, without a BigDecimal
    }
    java.math.BigDecimal d = java.math.BigDecimal.valueOf(value).stripTrailingZeros();
    return (d.scale() <= 0 ? d.setScale(1) : d).toPlainString();
  }

  static String checkText(String text, String field, int maxLength) {
    checkXmlText(text, field);
    checkArgument(!text.isBlank(), "%s must not be blank", field);
    checkArgument(text.length() <= maxLength,
        "%s is longer than %d characters (%d)", field, maxLength, text.length());
    return text;
  }
}
