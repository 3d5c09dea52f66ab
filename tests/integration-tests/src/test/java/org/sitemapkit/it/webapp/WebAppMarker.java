package org.sitemapkit.it.webapp;

/** Does nothing: the harness test loads it through Tomcat to prove WEB-INF/classes is deployed from this package. */
public final class WebAppMarker {

    private WebAppMarker() {}
}
