package org.sitemapkit.spring;

import jakarta.servlet.GenericServlet;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.sitemapkit.jaxrs.internal.BasePath;
import org.sitemapkit.jaxrs.internal.EarlyPlacement;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.core.env.Environment;

/**
 * What must happen while the container starts, before any filter or servlet is initialized: the
 * starter claims the placing of the Jersey entries (a Jersey filter starting before the beans
 * would publish them a second time), and, when Spring MVC's servlet is not at {@code /}, a
 * servlet answering 404 there, since Tomcat runs no filter for a path no servlet is mapped to, and
 * {@code /sitemap.xml} would never reach SitemapKit.
 */
final class SitemapKitServletInitializer implements ServletContextInitializer {
    private final Environment environment;

    SitemapKitServletInitializer(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void onStartup(ServletContext context) {
        EarlyPlacement.reserve(context);
        if (!mvcServletPath(environment).isEmpty()) {
            ServletRegistration.Dynamic fallback = context.addServlet("sitemapkitRoot", new NotFound());
            if (fallback != null) {
                fallback.addMapping("/");
            }
        }
    }

    /** Where Boot maps Spring MVC's servlet ({@code spring.mvc.servlet.path}): {@code ""} at the root, else {@code /app}. */
    static String mvcServletPath(Environment environment) {
        return BasePath.normalize(environment.getProperty("spring.mvc.servlet.path", "/"));
    }

    /** Answers what nothing else maps with 404, as the container would, after the filters ran. */
    private static final class NotFound extends GenericServlet {
        private static final long serialVersionUID = 1L;

        @Override
        public void service(ServletRequest request, ServletResponse response) throws IOException {
            ((HttpServletResponse) response).sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }
}
