package org.sitemapkit.jaxrs.faulty;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** Placed by its annotation alone: no servlet is mapped for it. */
@ApplicationPath("f")
public class FaultyApplication extends Application {}
