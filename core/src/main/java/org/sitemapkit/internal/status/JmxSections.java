package org.sitemapkit.internal.status;

import java.lang.System.Logger.Level;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;

/**
 * Every section this node holds as an MBean of the platform server, {@code
 * org.sitemapkit:type=Section,application=…,site=…,name=…}, registered as the section is first
 * asked for and unregistered when the application stops: the status on every server, with no
 * dependency.
 */
public final class JmxSections implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jmx");

    private final MBeanServer server;
    private final String application;
    private final Set<ObjectName> registered = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private JmxSections(MBeanServer server, String application) {
        this.server = server;
        this.application = application;
    }

    /**
     * Registers the sections of {@code source}, now and as they come.
     *
     * @param application names the application among others of the server: its context path
     *     ({@code /} for the root)
     * @return the registrations, to close when the application stops; null when JMX is not to be had
     */
    public static JmxSections register(StatusSource source, String application) {
        MBeanServer server;
        try {
            server = ManagementFactory.getPlatformMBeanServer();
        } catch (RuntimeException | LinkageError e) {
            LOG.log(Level.WARNING, "sitemapkit: no JMX here ({0}); the status is not published as MBeans", e);
            return null;
        }
        JmxSections jmx = new JmxSections(server, application);
        source.eachSection(jmx::add);
        return jmx;
    }

    /** The MBean name of a section. */
    public static ObjectName name(String application, String site, String section) throws JMException {
        return new ObjectName("org.sitemapkit:type=Section,application=" + ObjectName.quote(application) + ",site="
                + ObjectName.quote(site) + ",name=" + ObjectName.quote(section));
    }

    private void add(LiveSection live) {
        if (closed) {
            return;
        }
        try {
            ObjectName name = name(application, live.site(), live.section());
            server.registerMBean(new StandardMBean(new Section(live), SectionMXBean.class, true), name);
            registered.add(name);
            if (closed) {
                unregister(name);
            }
        } catch (JMException | RuntimeException e) {
            // another application of the server has the same context path and site (a redeploy
            // overlapping its predecessor), or a security policy forbids it: the status stays in
            // the other views
            LOG.log(
                    Level.DEBUG,
                    "sitemapkit: section {0} of {1} not published as an MBean: {2}",
                    live.section(),
                    live.site(),
                    e);
        }
    }

    /** Unregisters every MBean registered here. */
    @Override
    public void close() {
        closed = true;
        registered.forEach(this::unregister);
        registered.clear();
    }

    private void unregister(ObjectName name) {
        try {
            server.unregisterMBean(name);
        } catch (JMException | RuntimeException e) {
            // already gone
        }
    }

    private static final class Section implements SectionMXBean {
        private final LiveSection live;

        Section(LiveSection live) {
            this.live = live;
        }

        @Override
        public String getSite() {
            return live.site();
        }

        @Override
        public String getSection() {
            return live.section();
        }

        @Override
        public String getState() {
            return live.status().state();
        }

        @Override
        public String getRenderedAt() {
            return text(live.status().renderedAt());
        }

        @Override
        public int getPages() {
            return live.status().pages();
        }

        @Override
        public long getUrls() {
            return live.status().urls();
        }

        @Override
        public long getBytes() {
            return live.status().bytes();
        }

        @Override
        public Map<String, Long> getSkipped() {
            return live.status().skipped();
        }

        @Override
        public long getLastRenderMillis() {
            return live.status().lastRenderMillis();
        }

        @Override
        public long getRenders() {
            return live.status().renders();
        }

        @Override
        public long getFailures() {
            return live.status().failures();
        }

        @Override
        public long getUnavailable() {
            return live.status().unavailable();
        }

        @Override
        public String getFailingSince() {
            return text(live.status().failingSince());
        }

        @Override
        public String getLastFailure() {
            String f = live.status().lastFailure();
            return f == null ? "" : f;
        }

        @Override
        public String getAudit() {
            AuditFindings f = live.status().audit();
            return f == null ? "" : f.summary();
        }

        private static String text(Instant time) {
            return time == null ? "" : time.toString();
        }
    }
}
