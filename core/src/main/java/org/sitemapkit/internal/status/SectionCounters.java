package org.sitemapkit.internal.status;

import java.util.concurrent.atomic.LongAdder;
import org.sitemapkit.internal.render.SectionAudit;

/** What one section's renders and answers did on this node; written by the engine, read by the views. */
public final class SectionCounters {
    private final LongAdder renders = new LongAdder();
    private final LongAdder renderNanos = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder unavailable = new LongAdder();
    private volatile long lastRenderNanos = -1;
    /** Epoch millis of the first failure since the last success; 0 when the last render succeeded. */
    private volatile long failingSince;

    private volatile String lastFailure;
    private volatile long lastFailureMillis;

    /** A render of this node ended after {@code nanos}: well, or with {@code failure}. */
    public void rendered(long nanos, Throwable failure, long nowMillis) {
        boolean ok = failure == null;
        renders.increment();
        renderNanos.add(nanos);
        lastRenderNanos = nanos;
        if (ok) {
            failingSince = 0;
        } else {
            failures.increment();
            lastFailure = String.valueOf(failure);
            lastFailureMillis = nowMillis;
            if (failingSince == 0) {
                failingSince = nowMillis;
            }
        }
    }

    /** The last failure as text, kept after a later success; null when none ever happened. */
    public String lastFailure() {
        return lastFailure;
    }

    /** Epoch millis of {@link #lastFailure()}, or 0. */
    public long lastFailureMillis() {
        return lastFailureMillis;
    }

    private volatile AuditFindings audit;

    /** What the lastmods of this node's last whole render of the section showed. */
    public void audited(SectionAudit.Findings findings) {
        audit = AuditFindings.of(findings);
    }

    /** The lastmod audit of the last whole render here, or null before one. */
    public AuditFindings audit() {
        return audit;
    }

    private volatile VerifyFindings verify;
    private final java.util.concurrent.atomic.LongAdder verifyChecked = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder verifyFailed = new java.util.concurrent.atomic.LongAdder();

    /** What the last check of the section's pages found here. */
    public void verified(VerifyFindings findings) {
        verify = findings;
        verifyChecked.add(findings.checked());
        verifyFailed.add(findings.failed());
    }

    /** The last check of the section's pages here, or null before one. */
    public VerifyFindings verify() {
        return verify;
    }

    /** URLs checked here since the start. */
    public long verifyChecked() {
        return verifyChecked.sum();
    }

    /** Checks that failed here since the start. */
    public long verifyFailed() {
        return verifyFailed.sum();
    }

    /** A request got a 503 for this section. */
    public void unavailable() {
        unavailable.increment();
    }

    public long renders() {
        return renders.sum();
    }

    public long renderNanos() {
        return renderNanos.sum();
    }

    public long failures() {
        return failures.sum();
    }

    public long unavailableCount() {
        return unavailable.sum();
    }

    /** Milliseconds of the last render, or -1 before the first. */
    public long lastRenderMillis() {
        long n = lastRenderNanos;
        return n < 0 ? -1 : n / 1_000_000;
    }

    /** Epoch millis of the first failure since the last success, or 0. */
    public long failingSince() {
        return failingSince;
    }
}
