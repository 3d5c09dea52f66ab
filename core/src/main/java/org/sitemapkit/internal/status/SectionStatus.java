package org.sitemapkit.internal.status;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.sitemapkit.internal.render.SkipReason;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.RenderedSection;

/**
 * One section of one site, as served now.
 *
 * @param site the site's base URL
 * @param section the section's name
 * @param state {@code ok}, {@code stale} (the last render failed; the pages before it are served),
 *     {@code failing} (no page to serve; requests get 503) or {@code not-rendered} (none yet)
 * @param renderedAt when the pages served were rendered, or null
 * @param pages pages served
 * @param urls URLs on them
 * @param bytes their uncompressed size
 * @param skipped URLs the render served left out, by reason
 * @param lastRenderMillis how long this node's last render took, or -1 when it has made none
 * @param renders renders this node finished, successful or not
 * @param renderNanos their total time
 * @param failures renders that failed
 * @param unavailable 503 answers for this section
 * @param failingSince when renders began to fail, since the last success; null when the last one succeeded
 * @param lastFailure the last failure, as text, or null
 * @param audit what the lastmods of this node's last whole render showed, or null before one
 * @param verify what the last check of the pages against the application's answers found here, or
 *     null before one
 * @param verifyChecked URLs checked here since the start
 * @param verifyFailed checks that failed here since the start
 */
public record SectionStatus(
        String site,
        String section,
        String state,
        Instant renderedAt,
        int pages,
        long urls,
        long bytes,
        Map<String, Long> skipped,
        long lastRenderMillis,
        long renders,
        long renderNanos,
        long failures,
        long unavailable,
        Instant failingSince,
        String lastFailure,
        AuditFindings audit,
        VerifyFindings verify,
        long verifyChecked,
        long verifyFailed) {
    /** Every reason a URL may be skipped for, as {@link #skipped()} names them, so a meter per reason can be made. */
    public static final List<String> SKIP_REASONS =
            Arrays.stream(SkipReason.values()).map(Enum::name).toList();

    public SectionStatus {
        skipped = Map.copyOf(skipped);
    }

    /**
     * The status of a section from what this node last served or rendered of it, and its counters.
     *
     * @param current the section as last seen here, or null
     */
    public static SectionStatus of(String site, String section, RenderedSection current, SectionCounters counters) {
        long failing = counters.failingSince();
        String state = current == null ? (failing != 0 ? "failing" : "not-rendered") : (failing != 0 ? "stale" : "ok");
        long bytes = 0;
        if (current != null) {
            for (CachedPage p : current.pages()) {
                bytes += p.identityLength(); // never gzip(): a disk store would read every page back
            }
        }
        return new SectionStatus(
                site,
                section,
                state,
                current == null ? null : Instant.ofEpochMilli(current.renderedAtMillis()),
                current == null ? 0 : current.pages().size(),
                current == null ? 0 : current.urlCount(),
                bytes,
                current == null ? Map.of() : current.skipped(),
                counters.lastRenderMillis(),
                counters.renders(),
                counters.renderNanos(),
                counters.failures(),
                counters.unavailableCount(),
                failing == 0 ? null : Instant.ofEpochMilli(failing),
                counters.lastFailure(),
                counters.audit(),
                counters.verify(),
                counters.verifyChecked(),
                counters.verifyFailed());
    }
}
