package org.sitemapkit.springboot.broken;

import org.sitemapkit.SitemapEntry;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** An application that marks a POST handler as a page. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(PostApplication.Orders.class)
public class PostApplication {
    @RestController
    public static class Orders {
        @PostMapping("/orders")
        @SitemapEntry
        public String order() {
            return "ordered";
        }
    }
}
