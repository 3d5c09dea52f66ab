/**
 * The test web application's own classes: Maven copies this package, and only it, into target/war/WEB-INF/classes,
 * where Tomcat loads it with the web application's class loader. Classes here may use the Servlet API and
 * sitemapkit-core (from WEB-INF/lib) but no other test class, which the WAR cannot see.
 */
package org.sitemapkit.it.webapp;
