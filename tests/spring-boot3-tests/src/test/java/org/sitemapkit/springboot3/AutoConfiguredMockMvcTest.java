package org.sitemapkit.springboot3;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.sitemapkit.springboot.app.ShopApplication;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The documented way to test the sitemap without a server: {@code @SpringBootTest} with
 * {@code @AutoConfigureMockMvc}, whose MockMvc runs the application's filters, SitemapKit's among
 * them, with {@code sitemapkit.base-url} naming the site (MockMvc sends no Host header).
 */
@SpringBootTest(
        classes = ShopApplication.class,
        properties = {"spring.application.name=auto-mock-mvc", "sitemapkit.base-url=https://shop.example.com/"})
@AutoConfigureMockMvc
class AutoConfiguredMockMvcTest {
    @Autowired
    MockMvc mvc;

    @Test
    void theSitemapAndRobotsTxtAnswerUnderMockMvc() throws Exception {
        mvc.perform(get("/sitemap.xml"))
                .andExpect(status().isOk())
                .andExpect(content().string(Matchers.containsString(
                        "<loc>https://shop.example.com/sitemap-products-1.xml</loc>")));
        mvc.perform(get("/sitemap-products-1.xml"))
                .andExpect(status().isOk())
                .andExpect(content().string(Matchers.containsString("<loc>https://shop.example.com/products/")));
        mvc.perform(get("/robots.txt"))
                .andExpect(content().string(Matchers.containsString("Sitemap: https://shop.example.com/sitemap.xml")));
    }
}
