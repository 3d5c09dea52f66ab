package org.sitemapkit.quarkus.deployment;

import io.quarkus.arc.deployment.BeanContainerListenerBuildItem;
import io.quarkus.deployment.Capabilities;
import io.quarkus.deployment.Capability;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.smallrye.health.deployment.spi.HealthBuildItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.DotName;
import org.jboss.logging.Logger;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.jaxrs.internal.IndexFile;
import org.sitemapkit.jaxrs.internal.ReflectionScanner;
import org.sitemapkit.quarkus.runtime.SitemapKitRecorder;

/**
 * The build steps of the SitemapKit extension: the {@code @SitemapEntry} methods of the application, found in
 * Quarkus' index at every build (and every dev-mode reload), handed to sitemapkit-jaxrs in place of the annotation
 * processor's index files; and the readiness check where {@code quarkus-smallrye-health} is.
 */
public class SitemapKitProcessor {
    private static final Logger LOG = Logger.getLogger(SitemapKitProcessor.class);
    static final String FEATURE = "sitemapkit";
    /** Named, not loaded: the class implements the MicroProfile Health API, which only the health extension brings. */
    private static final String READINESS = "org.sitemapkit.quarkus.runtime.SitemapKitReadiness";

    private static final DotName SITEMAP_ENTRY = DotName.createSimple(SitemapEntry.class.getName());

    /** For Quarkus' build, which makes it. */
    public SitemapKitProcessor() {}

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    /**
     * Every class of the index that declares a {@code @SitemapEntry} method, read by sitemapkit-jaxrs' own scanner
     * (the processor's checks, its entries): what the processor's index would list, for every class now. Set when
     * ArC's container is made, which Quarkus REST waits for before it configures sitemapkit-jaxrs' Feature.
     */
    @BuildStep
    @Record(ExecutionTime.STATIC_INIT)
    BeanContainerListenerBuildItem entries(CombinedIndexBuildItem combined, SitemapKitRecorder recorder) {
        Set<String> classes = new TreeSet<>();
        for (AnnotationInstance a : combined.getIndex().getAnnotations(SITEMAP_ENTRY)) {
            if (a.target().kind() == AnnotationTarget.Kind.METHOD) {
                classes.add(a.target().asMethod().declaringClass().name().toString());
            }
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        List<IndexedEntry> entries = new ArrayList<>();
        for (String name : classes) {
            Class<?> type;
            try {
                type = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                LOG.warnf("sitemapkit: skipping the @SitemapEntry methods of %s: %s", name, e);
                continue;
            }
            entries.addAll(ReflectionScanner.scan(type, problem -> LOG.warn("sitemapkit: " + problem)));
        }
        LOG.debugf(
                "sitemapkit: %d @SitemapEntry method(s) in %d class(es) of the index", entries.size(), classes.size());
        return new BeanContainerListenerBuildItem(recorder.entries(
                new ArrayList<>(IndexFile.write(entries).lines().toList())));
    }

    /** The {@code sitemapkit} readiness check, where the application has {@code quarkus-smallrye-health}. */
    @BuildStep
    void health(Capabilities capabilities, BuildProducer<HealthBuildItem> checks) {
        if (capabilities.isPresent(Capability.SMALLRYE_HEALTH)) {
            checks.produce(new HealthBuildItem(READINESS, true));
        }
    }
}
