package org.sitemapkit.quarkus.deployment;

import io.quarkus.arc.deployment.BeanContainerListenerBuildItem;
import io.quarkus.arc.deployment.ValidationPhaseBuildItem.ValidationErrorBuildItem;
import io.quarkus.deployment.Capabilities;
import io.quarkus.deployment.Capability;
import io.quarkus.deployment.IsDevelopment;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.RunTimeConfigurationDefaultBuildItem;
import io.quarkus.devui.spi.page.CardPageBuildItem;
import io.quarkus.devui.spi.page.Page;
import io.quarkus.smallrye.health.deployment.spi.HealthBuildItem;
import io.quarkus.vertx.http.deployment.HttpRootPathBuildItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.DotName;
import org.jboss.logging.Logger;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.internal.config.SettingsExtension;
import org.sitemapkit.internal.config.SettingsReader;
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
    void entries(
            CombinedIndexBuildItem combined,
            SitemapKitRecorder recorder,
            BuildProducer<BeanContainerListenerBuildItem> listeners,
            BuildProducer<EntriesBuildItem> found) {
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
        listeners.produce(new BeanContainerListenerBuildItem(recorder.entries(
                new ArrayList<>(IndexFile.write(entries).lines().toList()))));
        found.produce(new EntriesBuildItem(entries));
    }

    /**
     * The {@code sitemapkit.*} values the build sees, read by SitemapKit's own reader: a misspelt key or a malformed
     * value fails the build, naming both, rather than the application's start. A value given only at run time (an
     * environment variable of the server) is checked when the application starts, as on every runtime.
     */
    @BuildStep
    void checkSettings(BuildProducer<ValidationErrorBuildItem> errors) {
        Config config = ConfigProvider.getConfig();
        List<String> names = new ArrayList<>();
        for (String name : config.getPropertyNames()) {
            if (name.startsWith(SettingsReader.PREFIX)) {
                names.add(name);
            }
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        SettingsReader.Layer layer = new SettingsReader.Layer("the build's configuration", names, key -> {
            try {
                return config.getOptionalValue(key, String.class).orElse(null);
            } catch (NoSuchElementException | IllegalArgumentException e) {
                return null; // an expression only the run time resolves: checked then
            }
        });
        try {
            new SettingsReader(List.of(layer), () -> SettingsExtension.keysIn(loader)).read();
        } catch (IllegalArgumentException | IllegalStateException e) {
            errors.produce(new ValidationErrorBuildItem(new IllegalArgumentException("sitemapkit: " + e.getMessage())));
        }
    }

    /**
     * In dev mode, {@code status-view} is {@code loopback} unless the application says otherwise: the developer's
     * browser on this machine, and the Dev UI card, see the status page; requests that came through a proxy do not.
     */
    @BuildStep(onlyIf = IsDevelopment.class)
    RunTimeConfigurationDefaultBuildItem statusViewInDevMode() {
        return new RunTimeConfigurationDefaultBuildItem(SettingsReader.PREFIX + "status-view", "loopback");
    }

    /**
     * The Dev UI card: the status page, the documents as a crawler reads them, and the {@code @SitemapEntry} methods
     * this build found. The pages are the application's own answers, under Quarkus REST's path.
     */
    @BuildStep(onlyIf = IsDevelopment.class)
    CardPageBuildItem devUi(HttpRootPathBuildItem root, EntriesBuildItem found) {
        String rest = ConfigProvider.getConfig()
                .getOptionalValue("quarkus.rest.path", String.class)
                .orElse("/");
        String base = root.resolvePath(rest.replaceAll("^/+", ""));
        base = base.endsWith("/") ? base : base + "/";
        CardPageBuildItem card = new CardPageBuildItem();
        card.addPage(Page.externalPageBuilder("Status")
                .icon("font-awesome-solid:heart-pulse")
                .url(base + "sitemap.html?status", base + "sitemap.html?status")
                .isHtmlContent());
        card.addPage(Page.externalPageBuilder("Sitemap index")
                .icon("font-awesome-solid:sitemap")
                .url(base + "sitemap.xml", base + "sitemap.xml")
                .mimeType("application/xml"));
        card.addPage(Page.externalPageBuilder("robots.txt")
                .icon("font-awesome-solid:robot")
                .url(root.resolvePath("robots.txt"), root.resolvePath("robots.txt"))
                .mimeType("text/plain"));
        List<Map<String, String>> rows = new ArrayList<>();
        for (IndexedEntry e : found.entries()) {
            Map<String, String> row = new LinkedHashMap<>();
            row.put("path", e.template());
            row.put("method", e.className() + "." + e.methodName());
            row.put("section", Objects.toString(e.section(), ""));
            row.put("params", Objects.toString(e.params(), ""));
            rows.add(row);
        }
        card.addBuildTimeData("entries", rows);
        card.addPage(Page.tableDataPageBuilder("@SitemapEntry methods")
                .icon("font-awesome-solid:list")
                .buildTimeDataKey("entries")
                .showColumn("path")
                .showColumn("method")
                .showColumn("section")
                .showColumn("params")
                .staticLabel(Integer.toString(rows.size())));
        return card;
    }

    /** The {@code sitemapkit} readiness check, where the application has {@code quarkus-smallrye-health}. */
    @BuildStep
    void health(Capabilities capabilities, BuildProducer<HealthBuildItem> checks) {
        if (capabilities.isPresent(Capability.SMALLRYE_HEALTH)) {
            checks.produce(new HealthBuildItem(READINESS, true));
        }
    }
}
