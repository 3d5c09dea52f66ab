package org.sitemapkit.springboot.broken;

import org.sitemapkit.SitemapEntry;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** A page that answers only with a request parameter a crawler following the URL does not send. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ParamsConditionApplication.Prints.class)
public class ParamsConditionApplication {
    @RestController
    public static class Prints {
        @GetMapping(value = "/print", params = "format")
        @SitemapEntry
        public String print() {
            return "print";
        }
    }
}
