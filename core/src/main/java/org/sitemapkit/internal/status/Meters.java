package org.sitemapkit.internal.status;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * SitemapKit's meters, tagged {@code site} and {@code section} (as many sites as {@code max-sites}
 * allows): {@code sitemapkit.render} (a timer of the renders), {@code sitemapkit.render.failures},
 * {@code sitemapkit.unavailable} (503 answers), the gauges {@code sitemapkit.pages},
 * {@code sitemapkit.urls}, {@code sitemapkit.bytes} and {@code sitemapkit.skipped} (per
 * {@code reason}, in the render served), and {@code sitemapkit.indexnow.urls} (per {@code outcome})
 * with {@code sitemapkit.indexnow.queued}. A section gets its meters when this node first holds it.
 * Only loaded where Micrometer is: the servlet filter binds them to Micrometer's global registry,
 * the Spring Boot starter to Boot's; they go when the application stops.
 */
public final class Meters implements MeterBinder, AutoCloseable {
    private final List<MeterRegistry> registries = new CopyOnWriteArrayList<>();
    /** The sections metered: Micrometer holds function meters' objects weakly. */
    private final List<LiveSection> held = new CopyOnWriteArrayList<>();
    /** Every meter registered, and where, to remove when the application stops. */
    private final List<Registered> registered = new CopyOnWriteArrayList<>();

    private volatile StatusSource source;
    private volatile boolean closed;

    private record Registered(MeterRegistry registry, Meter meter) {}

    /** For the starter's bean, and {@link #global}. */
    public Meters() {}

    /**
     * The meters of {@code status} in Micrometer's global registry, for an application with
     * Micrometer and no registry of its own that SitemapKit knows of.
     *
     * @return the binding, to close when the application stops
     */
    public static Meters global(StatusSource status) {
        Meters m = new Meters();
        m.bindTo(Metrics.globalRegistry);
        m.start(status);
        return m;
    }

    /**
     * Removes every meter this binding registered: their application stops. A meter another
     * binding took over since (a newer engine of the same site) stays.
     */
    @Override
    public void close() {
        closed = true;
        for (Registered r : registered) {
            Meter current = r.registry()
                    .find(r.meter().getId().getName())
                    .tags(r.meter().getId().getTags())
                    .meter();
            if (current == r.meter()) {
                r.registry().remove(r.meter());
            }
        }
        registered.clear();
        held.clear();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        registries.add(registry);
        StatusSource s = source;
        if (s != null) {
            bind(registry, s);
        }
    }

    /** The filter started: its status, whose sections get meters now and as they come. */
    public void start(StatusSource status) {
        source = status;
        for (MeterRegistry registry : registries) {
            bind(registry, status);
        }
    }

    private void bind(MeterRegistry registry, StatusSource status) {
        status.eachSection(live -> {
            if (!closed) {
                held.add(live);
                section(registry, live);
            }
        });
        if (status.indexNow() != null) {
            for (String outcome : List.of("sent", "refused", "dropped")) {
                keep(
                        registry,
                        FunctionCounter.builder("sitemapkit.indexnow.urls", status, s -> indexNow(s, outcome))
                                .tag("outcome", outcome)
                                .description("URLs submitted to IndexNow, by outcome")
                                .register(registry));
            }
            keep(
                    registry,
                    Gauge.builder(
                                    "sitemapkit.indexnow.queued",
                                    status,
                                    s -> s.indexNow().queued())
                            .description("URLs waiting to be submitted to IndexNow")
                            .register(registry));
        }
    }

    private static double indexNow(StatusSource s, String outcome) {
        IndexNowStatus i = s.indexNow();
        return switch (outcome) {
            case "sent" -> i.sent();
            case "refused" -> i.refused();
            default -> i.dropped();
        };
    }

    private void keep(MeterRegistry registry, Meter meter) {
        registered.add(new Registered(registry, meter));
    }

    /**
     * Makes room for a meter of this binding: one of the same name and tags from another binding
     * (an older engine of the same site, still stopping) is removed, so the newest engine's is read.
     */
    private static void claim(MeterRegistry registry, String name, Tags tags) {
        Meter existing = registry.find(name).tags(tags).meter();
        if (existing != null) {
            registry.remove(existing);
        }
    }

    private void section(MeterRegistry registry, LiveSection live) {
        Tags tags = Tags.of("site", live.site(), "section", live.section());
        claim(registry, "sitemapkit.render", tags);
        keep(
                registry,
                FunctionTimer.builder(
                                "sitemapkit.render",
                                live,
                                l -> l.status().renders(),
                                l -> l.status().renderNanos(),
                                TimeUnit.NANOSECONDS)
                        .tags(tags)
                        .description("Renders of the section on this node, and their time")
                        .register(registry));
        counter(registry, "sitemapkit.render.failures", "Renders that failed", tags, live, SectionStatus::failures);
        counter(
                registry,
                "sitemapkit.unavailable",
                "503 answers for the section",
                tags,
                live,
                SectionStatus::unavailable);
        counter(
                registry,
                "sitemapkit.verify.checked",
                "Listed URLs checked against the application's answers",
                tags,
                live,
                SectionStatus::verifyChecked);
        counter(
                registry,
                "sitemapkit.verify.failed",
                "Listed URLs whose check failed",
                tags,
                live,
                SectionStatus::verifyFailed);
        gauge(registry, "sitemapkit.pages", "Pages served", tags, live, SectionStatus::pages, null);
        gauge(registry, "sitemapkit.urls", "URLs served", tags, live, SectionStatus::urls, null);
        gauge(registry, "sitemapkit.bytes", "Uncompressed bytes served", tags, live, SectionStatus::bytes, "bytes");
        for (String reason : SectionStatus.SKIP_REASONS) {
            gauge(
                    registry,
                    "sitemapkit.skipped",
                    "URLs the render served left out, by reason",
                    tags.and("reason", reason),
                    live,
                    s -> s.skipped().getOrDefault(reason, 0L),
                    null);
        }
    }

    private void counter(
            MeterRegistry registry,
            String name,
            String description,
            Tags tags,
            LiveSection live,
            ToDoubleFunction<SectionStatus> value) {
        claim(registry, name, tags);
        keep(
                registry,
                FunctionCounter.builder(name, live, l -> value.applyAsDouble(l.status()))
                        .tags(tags)
                        .description(description)
                        .register(registry));
    }

    private void gauge(
            MeterRegistry registry,
            String name,
            String description,
            Tags tags,
            LiveSection live,
            ToDoubleFunction<SectionStatus> value,
            String unit) {
        claim(registry, name, tags);
        keep(
                registry,
                Gauge.builder(name, live, l -> value.applyAsDouble(l.status()))
                        .tags(tags)
                        .description(description)
                        .baseUnit(unit)
                        .strongReference(true)
                        .register(registry));
    }
}
