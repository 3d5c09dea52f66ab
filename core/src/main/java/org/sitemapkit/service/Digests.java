package org.sitemapkit.service;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** Strong validators from content, so every node behind a load balancer agrees on them. */
final class Digests {
  private Digests() {}

  static String etag(byte[] content) {
    try {
      byte[] sha = MessageDigest.getInstance("SHA-256").digest(content);
      return Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(sha, 18));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
