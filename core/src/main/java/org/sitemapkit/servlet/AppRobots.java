package org.sitemapkit.servlet;

import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.sitemapkit.config.SitemapSettings;
import org.sitemapkit.robots.RobotsParser;
import org.sitemapkit.robots.RobotsTxt;

/**
 * The application's own robots.txt rules, read once at start-up: the WAR's static
 * {@code /robots.txt} (which the filter now shadows, so its rules must survive) merged with the
 * configured rules file. Either failing RFC 9309 fails start-up with the file and line.
 */
final class AppRobots {
  private AppRobots() {}

  static RobotsTxt load(ServletContext context, SitemapSettings settings) {
    RobotsTxt rules = read(context, "/robots.txt", false);
    String file = settings.robots().orElse(null);
    if (file != null) {
      rules = rules.merged(read(context, file, true));
    }
    // room for the Sitemap line of any site, so that serving can never hit the size limit
    int size = rules.toByteArray().length;
    if (size + 2100 > RobotsTxt.MAX_BYTES) {
      throw new IllegalArgumentException("the application's robots.txt rules take " + size
          + " bytes; with a Sitemap line they would pass the " + RobotsTxt.MAX_BYTES
          + "-byte limit crawlers read");
    }
    return rules;
  }

  private static RobotsTxt read(ServletContext context, String path, boolean required) {
    try (InputStream in = context.getResourceAsStream(path)) {
      if (in == null) {
        if (required) {
          throw new IllegalArgumentException("bad SitemapKit setting sitemapkit.robots=\"" + path
              + "\": no such file in the web application");
        }
        return RobotsTxt.builder().build();
      }
      return RobotsParser.parse(in, path);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
    }
  }
}
