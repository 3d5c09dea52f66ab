package org.sitemapkit.springboot.security;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Security rules as a staging site writes them: everything behind a login ({@code spring.security.user.*},
 * HTTP Basic), or, in the public variant, the sitemap's URLs and robots.txt let through.
 */
final class Staging {
    private Staging() {}

    static final String USER = "editor";
    static final String PASSWORD = "staging-password";

    /** Everything needs a login, the sitemap included. */
    @Configuration(proxyBeanMethods = false)
    static class EverythingBehindLogin {
        @Bean
        SecurityFilterChain everythingBehindLogin(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(a -> a.anyRequest().authenticated())
                    .httpBasic(Customizer.withDefaults())
                    .build();
        }
    }

    /** The sitemap and robots.txt public, the rest behind a login: the docs' permitAll example. */
    @Configuration(proxyBeanMethods = false)
    static class SitemapPublic {
        @Bean
        SecurityFilterChain sitemapPublic(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(a -> a.requestMatchers(Staging::sitemap)
                            .permitAll()
                            .anyRequest()
                            .authenticated())
                    .httpBasic(Customizer.withDefaults())
                    .build();
        }
    }

    /** /robots.txt, /sitemap.xml, its pages and /sitemap.html. */
    static boolean sitemap(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.equals("/robots.txt") || path.startsWith("/sitemap");
    }

    static String[] basic() {
        String token = java.util.Base64.getEncoder()
                .encodeToString((USER + ":" + PASSWORD).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return new String[] {"Authorization", "Basic " + token};
    }
}
