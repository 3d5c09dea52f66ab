package org.sitemapkit.sample.boot;

import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The "when data changes" step: writes through {@link ProductAdmin}, with no call to SitemapKit;
 * the change feed re-renders the products pages they touched after each commit. Try {@code curl -X
 * POST 'http://localhost:8080/admin/products/42/rename?name=Golden+Sprocket'}, then find {@code
 * /products/42/golden-sprocket-42} in the sitemap.
 *
 * <p>A real shop puts these behind its login. The sample answers them only to a client on this
 * machine (403 to others), as the JAX-RS sample does without its token: samples get copied, and an
 * open endpoint that deletes data must not be the habit they teach. Behind a reverse proxy on the
 * same machine every client looks local: keep the proxy off {@code /admin/}.
 */
@RestController
@RequestMapping("/admin/products")
public class AdminController {
    private final ProductAdmin admin;

    public AdminController(ProductAdmin admin) {
        this.admin = admin;
    }

    /** 204, 400 for an empty name, 404 for an unknown id. */
    @PostMapping("/{id}/rename")
    public ResponseEntity<Void> rename(@PathVariable long id, @RequestParam String name, HttpServletRequest request) {
        local(request);
        if (name.isBlank() || name.length() > 60) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "a name has 1 to 60 characters");
        }
        return done(admin.rename(id, name.strip()));
    }

    /** 204, or 404 for an unknown id. */
    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(@PathVariable long id, HttpServletRequest request) {
        local(request);
        return done(admin.delete(id));
    }

    /** Marks the products {@code first} to {@code last} as updated now, with one bulk statement. */
    @PostMapping("/touch")
    public Map<String, Integer> touch(@RequestParam long first, @RequestParam long last, HttpServletRequest request) {
        local(request);
        return Map.of("touched", admin.touch(first, last));
    }

    private static ResponseEntity<Void> done(boolean found) {
        if (!found) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND);
        }
        return ResponseEntity.noContent().build();
    }

    /** Lets a loopback client through; 403 to any other. */
    private static void local(HttpServletRequest request) {
        if (!loopback(request.getRemoteAddr())) {
            throw new ResponseStatusException(
                    HttpStatus.FORBIDDEN, "the admin endpoints answer only to clients on this machine");
        }
    }

    private static boolean loopback(String address) {
        try {
            return address != null && InetAddress.getByName(address).isLoopbackAddress(); // a literal: no lookup
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
