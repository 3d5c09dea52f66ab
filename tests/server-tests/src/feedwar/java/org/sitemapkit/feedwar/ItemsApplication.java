package org.sitemapkit.feedwar;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The write endpoints under /api. */
@ApplicationPath("api")
public class ItemsApplication extends Application {}
