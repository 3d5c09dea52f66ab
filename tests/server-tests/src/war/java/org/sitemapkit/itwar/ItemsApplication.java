package org.sitemapkit.itwar;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** Empty on purpose: every root resource of the WAR belongs to it, as JAX-RS says. */
@ApplicationPath("api")
public class ItemsApplication extends Application {}
