package org.sitemapkit.it.webapp;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The product and flaky pages the sitemap lists, so that every listed URL answers 200. */
@WebServlet({"/products/*", "/flaky/*"})
public final class ItPages extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String id = request.getPathInfo() == null ? "" : request.getPathInfo().substring(1);
        if (!id.matches("[0-9]{1,3}")) {
            response.sendError(404);
            return;
        }
        response.setContentType("text/html; charset=UTF-8");
        response.getWriter()
                .print("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Item " + id
                        + "</title></head><body><h1>Item " + id + "</h1></body></html>");
    }
}
