package org.sitemapkit.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class HtmlViewTest {
  @Test
  void escapesEverythingHtmlTreatsSpecially() {
    assertEquals("a&amp;b &lt;i&gt; &quot;q&quot; &#39;s&#39;", HtmlView.escape("a&b <i> \"q\" 's'"));
    String plain = "https://shop.example.com/products/1";
    assertSame(plain, HtmlView.escape(plain), "nothing to escape, nothing copied");
  }
}
