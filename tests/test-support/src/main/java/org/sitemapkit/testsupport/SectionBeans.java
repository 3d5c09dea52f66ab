package org.sitemapkit.testsupport;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * SitemapKit's section MBeans in this JVM ({@code org.sitemapkit:type=Section}), read as an operator's
 * JMX console reads them, for tests of runtimes whose status no servlet context or bean gives.
 */
public final class SectionBeans {

    private SectionBeans() {}

    /** One attribute of every section of {@code site} (such as {@code http://127.0.0.1:8080/}), by section name. */
    public static Map<String, String> attribute(String site, String attribute) {
        MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
        Map<String, String> values = new TreeMap<>();
        try {
            ObjectName pattern = new ObjectName("org.sitemapkit:type=Section,site=" + ObjectName.quote(site) + ",*");
            for (ObjectName name : jmx.queryNames(pattern, null)) {
                values.put(
                        ObjectName.unquote(name.getKeyProperty("name")),
                        String.valueOf(jmx.getAttribute(name, attribute)));
            }
        } catch (JMException e) {
            throw new IllegalStateException("the section MBeans of " + site + ": " + e, e);
        }
        return values;
    }
}
