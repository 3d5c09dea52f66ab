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
    /** The application's explain operation, unregistered at the stop; null when it could not be registered. */
    private ObjectName explain;
    /** Tells this engine's MBeans from those of another engine of the same names. */
    private final String instance = Long.toString(INSTANCES.incrementAndGet());

    private static final java.util.concurrent.atomic.AtomicLong INSTANCES =
            new java.util.concurrent.atomic.AtomicLong();
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
        jmx.explain(source);
        return jmx;
    }

    /** The MBean name of an application's explain operation. */
    public static ObjectName explainName(String application) throws JMException {
        return new ObjectName("org.sitemapkit:type=Explain,application=" + ObjectName.quote(application));
    }

    private void explain(StatusSource source) {
        try {
            ObjectName name = explainName(application);
            String id = instance;
            ExplainMXBean explainer = new ExplainMXBean() {
                @Override
                public String getInstance() {
                    return id;
                }

                @Override
                public String explain(String url) {
                    return source.explain(url).text();
                }
            };
            StandardMBean bean = new StandardMBean(explainer, ExplainMXBean.class, true);
            try {
                server.registerMBean(bean, name);
            } catch (javax.management.InstanceAlreadyExistsException e) {
                server.unregisterMBean(name); // a redeploy overlapping the one before: the newer answers
                server.registerMBean(bean, name);
            }
            explain = name;
        } catch (JMException | RuntimeException e) {
            LOG.log(Level.WARNING, "sitemapkit: the explain operation not published as an MBean: {0}", e);
        }
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
            StandardMBean bean = new StandardMBean(new Section(live, instance), SectionMXBean.class, true);
            try {
                server.registerMBean(bean, name);
            } catch (javax.management.InstanceAlreadyExistsException e) {
                // another engine of this JVM serves the same site at the same path (a redeploy that
                // overlaps the one before): the newer one's status is the one shown
                server.unregisterMBean(name);
                server.registerMBean(bean, name);
            }
            registered.add(name);
            if (closed) {
                unregisterOwn(name);
            }
        } catch (JMException | RuntimeException e) {
            LOG.log(
                    Level.WARNING,
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
        registered.forEach(this::unregisterOwn);
        registered.clear();
        if (explain != null) {
            unregisterOwn(explain);
        }
    }

    /** Unregisters {@code name} if it is still this engine's, not a newer engine's that took it over. */
    private void unregisterOwn(ObjectName name) {
        try {
            if (instance.equals(server.getAttribute(name, "Instance"))) {
                server.unregisterMBean(name);
            }
        } catch (JMException | RuntimeException e) {
            // already gone
        }
    }

    private static final class Section implements SectionMXBean {
        private final LiveSection live;
        private final String instance;

        Section(LiveSection live, String instance) {
            this.live = live;
            this.instance = instance;
        }

        @Override
        public String getInstance() {
            return instance;
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

        @Override
        public String getVerify() {
            VerifyFindings f = live.status().verify();
            return f == null
                    ? ""
                    : f.summary() + (f.examples().isEmpty() ? "" : ": " + String.join(", ", f.examples()));
        }

        @Override
        public long getVerifyChecked() {
            return live.status().verifyChecked();
        }

        @Override
        public long getVerifyFailed() {
            return live.status().verifyFailed();
        }

        private static String text(Instant time) {
            return time == null ? "" : time.toString();
        }
    }
}
