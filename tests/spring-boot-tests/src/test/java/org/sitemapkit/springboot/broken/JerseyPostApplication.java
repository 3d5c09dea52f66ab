package org.sitemapkit.springboot.broken;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.glassfish.jersey.server.ResourceConfig;
import org.sitemapkit.SitemapEntry;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/** A Jersey resource that marks a POST method as a page: refused at start-up, as on Spring MVC. */
@SpringBootConfiguration
@EnableAutoConfiguration
public class JerseyPostApplication {
    @Path("orders")
    public static class Orders {
        @POST
        @SitemapEntry
        public String order() {
            return "ordered";
        }
    }

    @Bean
    ResourceConfig jersey() {
        return new ResourceConfig(Orders.class);
    }
}
