package org.sitemapkit.springboot.broken;

import org.sitemapkit.SitemapEntry;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** An application whose one page has a template variable that no provider fills. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(MissingParamsApplication.Things.class)
public class MissingParamsApplication {
    @RestController
    public static class Things {
        @GetMapping("/things/{id}")
        @SitemapEntry
        public String thing(@PathVariable String id) {
            return id;
        }
    }
}
