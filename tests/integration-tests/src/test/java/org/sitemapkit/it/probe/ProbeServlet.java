package org.sitemapkit.it.probe;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URL;
import java.util.Collections;

/** Reports, one "key=value" a line, what a web application class sees of its request and class loader. */
public final class ProbeServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain;charset=UTF-8");
        ClassLoader webapp = request.getServletContext().getClassLoader();
        PrintWriter out = response.getWriter();
        out.println("webappLoader=" + (getClass().getClassLoader() == webapp));
        out.println("serverName=" + request.getServerName());
        out.println("contextPath=" + request.getContextPath());
        out.println("param=" + request.getServletContext().getInitParameter("probe.param"));
        for (URL url : Collections.list(webapp.getResources("org/sitemapkit/"))) {
            out.println("root=" + url);
        }
    }
}
