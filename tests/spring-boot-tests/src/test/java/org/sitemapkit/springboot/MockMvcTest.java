package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import jakarta.servlet.Filter;
import java.io.ByteArrayInputStream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sitemapkit.springboot.app.ShopApplication;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.setup.DefaultMockMvcBuilder;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/**
 * The sitemap under MockMvc, in Boot's mock web environment (no server): the starter starts its
 * filter with the mock servlet context, and MockMvc, given the application's filter registrations
 * as Boot's {@code @AutoConfigureMockMvc} gives them, is answered by it. MockMvc sends no Host
 * header, so the application's {@code sitemapkit.base-url} names the site, as in production. Its
 * start, captured, has no warning about the features Boot registers on Jersey itself.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(
        classes = ShopApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.MOCK,
        properties = {"spring.application.name=mock-mvc", "sitemapkit.base-url=https://shop.example.com/"})
class MockMvcTest {
    @Autowired
    WebApplicationContext context;

    @Test
    void theIndexAPageAndRobotsTxtAreServedUnderMockMvc() throws Exception {
        DefaultMockMvcBuilder builder = MockMvcBuilders.webAppContextSetup(context);
        for (FilterRegistrationBean<?> r :
                context.getBeansOfType(FilterRegistrationBean.class).values()) {
            builder.addFilter((Filter) r.getFilter(), "/*");
        }
        MockMvc mvc = builder.build();
        MvcResult index = mvc.perform(get("/sitemap.xml")).andReturn();
        assertEquals(200, index.getResponse().getStatus());
        String xml = index.getResponse().getContentAsString();
        assertTrue(xml.contains("<loc>https://shop.example.com/sitemap-products-1.xml</loc>"), xml);

        MvcResult page = mvc.perform(get("/sitemap-products-1.xml.gz")).andReturn();
        assertEquals(200, page.getResponse().getStatus());
        String urls = new String(
                new GZIPInputStream(new ByteArrayInputStream(page.getResponse().getContentAsByteArray()))
                        .readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(urls.contains("<loc>https://shop.example.com/products/"), urls);

        MvcResult robots = mvc.perform(get("/robots.txt")).andReturn();
        assertTrue(
                robots.getResponse().getContentAsString().contains("Sitemap: https://shop.example.com/sitemap.xml"),
                robots.getResponse().getContentAsString());
    }

    /** Boot registers Jersey's JacksonFeature; a library's feature registers no resource of the application's. */
    @Test
    void bootsOwnJerseyFeaturesRaiseNoWarning(CapturedOutput output) {
        assertTrue(output.getAll().contains("@SitemapEntry method(s) of jersey"), output.getAll());
        assertFalse(output.getAll().contains("registers the Feature"), output.getAll());
    }
}
