package org.sitemapkit.springboot.verify;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.sitemapkit.testsupport.CheckedPages;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/** The pages as a Spring MVC application answers them, its links built from the request. */
@RestController
public class PagesController {
    @GetMapping("/pages/{page}")
    public ResponseEntity<String> page(@PathVariable("page") String page, HttpServletRequest request) {
        String self = request.getRequestURL().toString();
        String base =
                ServletUriComponentsBuilder.fromContextPath(request).build().toUriString();
        CheckedPages.Answer answer = CheckedPages.answer(page, self, base);
        ResponseEntity.BodyBuilder response = ResponseEntity.status(answer.status());
        answer.headers().forEach((name, value) -> response.header(name, value));
        if (answer.location() != null) {
            response.location(URI.create(answer.location()));
        }
        return answer.html() == null
                ? response.build()
                : response.contentType(MediaType.parseMediaType("text/html;charset=UTF-8"))
                        .body(answer.html());
    }
}
