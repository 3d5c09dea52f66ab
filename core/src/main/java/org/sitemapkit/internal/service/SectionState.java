package org.sitemapkit.internal.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;
import org.sitemapkit.internal.render.RenderControl;
import org.sitemapkit.internal.status.SectionCounters;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.store.PendingChanges;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.internal.store.SectionStore;

/**
 * One section of one site in the cache: the last good render, and at most one render in
 * flight. Once a render exists, requests never wait: a stale section is served while one
 * background render refreshes it, and a failed render leaves the last good one in place. A
 * request for a section never rendered waits only briefly, and only while few others do; a
 * render that passes its deadline is abandoned, its stream closed and its thread interrupted.
 * Each failure is logged once, by the render attempt, never by the requests it fails.
 */
final class SectionState {
    private static final System.Logger LOG = System.getLogger(SectionState.class.getName());
    /** How often a node waiting for another's render looks at the shared store. */
    static final long FOLLOW_MILLIS = 200;

    /** What every section of a service shares: where renders run and how long they may take. */
    static final class Limits {
        final Executor executor;
        /** Runs deadlines and lease renewals; owned by the service, so it stops with the application. */
        final ScheduledExecutorService timer;

        final long deadlineMillis;
        final long waitMillis;
        final Semaphore waiters;
        final LongSupplier clock;
        final long leaseMillis;
        /** This node, as the owner of the render leases it takes in a shared store; see {@link #owner()}. */
        private volatile String owner;

        Limits(
                Executor executor,
                ScheduledExecutorService timer,
                Duration deadline,
                Duration wait,
                int maxWaiters,
                LongSupplier clock,
                Duration lease) {
            this.executor = executor;
            this.timer = timer;
            this.deadlineMillis = deadline.toMillis();
            this.waitMillis = wait.toMillis();
            this.waiters = new Semaphore(maxWaiters);
            this.clock = clock;
            this.leaseMillis = lease.toMillis();
        }

        /**
         * Made at the first render, not at start: a random UUID seeds the JVM's secure random, which a
         * restart that serves its stored pages need not wait for.
         */
        String owner() {
            String o = owner;
            if (o == null) {
                synchronized (this) {
                    o = owner;
                    if (o == null) {
                        owner = o = UUID.randomUUID().toString();
                    }
                }
            }
            return o;
        }
    }

    private final String key;
    private final String label;
    private final SectionStore store;
    private final Limits limits;
    private final Render render;
    private final long ttlMillis;
    private final long retryMillis;
    /** Told of each render this node stored, with the one it replaced, to find the URLs that changed. */
    private final BiConsumer<RenderedSection, RenderedSection> changed;

    private CompletableFuture<RenderedSection> inflight;
    /** The last render abandoned at its deadline, while its thread may still be inside the source. */
    private RenderControl stuck;

    /** Keys changed since the last render took its changes; guarded by this. */
    private SortedSet<Long> pendingKeys = new TreeSet<>();
    /** A whole render was asked for since the last render took its changes; guarded by this. */
    private boolean pendingAll;
    /** Completes with the render that takes the waiting changes; guarded by this. */
    private CompletableFuture<RenderedSection> next;
    /** Changes wait for a render: {@code pendingAll} or {@code pendingKeys} holds them. */
    private volatile boolean dirty;
    /** Renders for changes that failed in a row, which spaces out their retries; guarded by this. */
    private int failedRetries;
    /**
     * The highest generation the store gave a waiting change ({@link SectionStore#intend}); guarded
     * by this. Another node's committed render that covers it rendered every waiting change.
     */
    private long pendingGeneration;
    /** A waiting change the store did not record (a memory store, or one out of reach): only a render here takes it. */
    private boolean pendingUnrecorded;
    /** The render in flight, to abandon it when the application stops; guarded by this. */
    private RenderControl current;
    /** Whether the render in flight takes changes; guarded by this. */
    private boolean currentTakesChanges;
    /** Whether the render in flight takes a change the store did not record; guarded by this. */
    private boolean currentUnrecorded;
    /** The application stopped: no render starts any more; guarded by this. */
    private boolean stopped;

    private volatile long lastFailureMillis = Long.MIN_VALUE / 2;
    private volatile Throwable lastFailure;

    /** What this section's renders and answers did here, for the status views. */
    final SectionCounters counters;

    /** The section as last served or rendered here, so that the status views do not ask a shared store. */
    private volatile RenderedSection seen;

    SectionState(
            String key,
            String label,
            SectionStore store,
            Limits limits,
            Render render,
            long ttlMillis,
            BiConsumer<RenderedSection, RenderedSection> changed,
            SectionCounters counters) {
        this.changed = changed;
        this.counters = counters;
        this.key = key;
        this.label = label;
        this.store = store;
        this.limits = limits;
        this.render = render;
        this.ttlMillis = ttlMillis;
        this.retryMillis = Math.min(ttlMillis, 30_000);
    }

    /** Starts the first render if none exists and none failed lately; does not wait for it. */
    void warm(long now) {
        if (store.get(key) == null && now - lastFailureMillis >= retryMillis) {
            refresh();
        }
    }

    /** Starts a render when the section is missing or older than the TTL; does not wait for it. */
    void refreshIfStale(long now) {
        RenderedSection current = store.get(key);
        if (current == null || now - current.renderedAtMillis() >= ttlMillis) {
            refresh();
        }
    }

    /** The section to serve now, waiting briefly for a first render when there has never been one. */
    RenderedSection get(long now) throws UnavailableException {
        RenderedSection current = store.get(key);
        if (current != null) {
            seen = current;
        }
        if (current == null) {
            if (now - lastFailureMillis < retryMillis) {
                throw unavailable("its last render failed", retryMillis);
            }
            return await(refresh());
        }
        if ((dirty || now - current.renderedAtMillis() >= ttlMillis) && now - lastFailureMillis >= retryMillis) {
            refresh();
        }
        return current;
    }

    /** How a section is rendered: anew, or only the pages holding changed keys. */
    @FunctionalInterface
    interface Render {
        /**
         * @param before the section as the store holds it now, or null
         * @param keys the keys of the rows that changed, in order, or null to render everything
         */
        RenderedSection render(RenderedSection before, SortedSet<Long> keys, RenderControl control);
    }

    /** Marks the section stale and starts its refresh; readers keep the old pages meanwhile. */
    CompletableFuture<RenderedSection> invalidate() {
        return invalidate(null);
    }

    /**
     * As {@link #invalidate()}, telling the render that only the rows with {@code changedKeys} (null
     * for the whole section) changed, all in one change, so a section of stable pages re-renders the one page holding it. A change is never
     * dropped: one that arrives while a render is in flight (which may have read the old data)
     * joins the changes waiting for the next render, which starts when that one ends; the future
     * completes with the first render that started after the change.
     */
    CompletableFuture<RenderedSection> invalidate(Collection<Long> changedKeys) {
        // Recorded where the next renderer sees it before this returns, so that an acknowledged
        // change survives this JVM: outside the lock, since a shared store answers over the network.
        long generation = store.intend(key, changedKeys);
        CompletableFuture<RenderedSection> rendered = waitFor(changedKeys, generation);
        if (generation == 0 && store.recordsChanges()) {
            // rendered here all the same; the caller learns at once that a stop first would lose it
            return CompletableFuture.failedFuture(new UncheckedIOException(new IOException(label
                    + ": the change could not be recorded in the " + store + "; this node renders it, but a"
                    + " stop before that render loses it")));
        }
        return rendered;
    }

    private synchronized CompletableFuture<RenderedSection> waitFor(Collection<Long> changedKeys, long generation) {
        if (changedKeys == null) {
            pendingAll = true;
        } else {
            pendingKeys.addAll(changedKeys);
        }
        if (generation == 0) {
            pendingUnrecorded = true;
        } else {
            pendingGeneration = Math.max(pendingGeneration, generation);
        }
        dirty = true;
        if (next == null) {
            next = new CompletableFuture<>();
        }
        CompletableFuture<RenderedSection> result = next;
        if (inflight == null) {
            start();
        }
        return result;
    }

    /**
     * The store holds changes of this section that no render took, left by a node that stopped or
     * by this one before a restart: renders them, unless a render here is in flight or waiting, which
     * takes them anyway. Returns at once.
     */
    synchronized void adopt() {
        if (inflight == null && !dirty) {
            dirty = true;
            start();
        }
    }

    /** Starts a render unless one is in flight; either way returns the one that will finish. */
    synchronized CompletableFuture<RenderedSection> refresh() {
        return inflight != null ? inflight : start();
    }

    /**
     * Whether nothing is rendering and no change waits for a render: the served pages reflect
     * every change acknowledged so far. For tests.
     */
    synchronized boolean settled() {
        return inflight == null && !dirty;
    }

    /** Starts a render that takes every waiting change; the caller holds the lock and no render is in flight. */
    private CompletableFuture<RenderedSection> start() {
        if (stopped) {
            IllegalStateException stopping = new IllegalStateException("the application is stopping");
            failWaiting(stopping);
            return CompletableFuture.failedFuture(stopping);
        }
        boolean change = dirty;
        SortedSet<Long> keys = pendingAll || !change ? null : Collections.unmodifiableSortedSet(pendingKeys);
        CompletableFuture<RenderedSection> waiting = next;
        Batch batch = new Batch(keys, change, pendingGeneration, pendingUnrecorded);
        pendingKeys = new TreeSet<>();
        pendingAll = false;
        pendingGeneration = 0;
        pendingUnrecorded = false;
        dirty = false;
        next = null;
        CompletableFuture<RenderedSection> f = render(batch);
        if (f.isCompletedExceptionally()) {
            requeue(batch);
            retryLater();
        }
        if (waiting != null) {
            f.whenComplete((s, e) -> {
                if (e == null) {
                    waiting.complete(s);
                } else {
                    waiting.completeExceptionally(e);
                }
            });
        }
        return f;
    }

    /**
     * The changes one render takes: the keys of changed rows (null for the whole section), whether
     * any change is among them, and how the store recorded them.
     *
     * @param keys the keys, or null to render everything
     * @param change whether a change waits (else a first render or a refresh after cache-ttl)
     * @param generation the highest generation the store gave these changes; 0 for none
     * @param unrecorded whether a change among them was not recorded by the store
     */
    private record Batch(SortedSet<Long> keys, boolean change, long generation, boolean unrecorded) {
        /** Whether a render another node committed after taking {@code shared} took all of these changes. */
        boolean renderedBy(PendingChanges shared) {
            return change && !unrecorded && shared.covers(generation);
        }
    }

    /** A render that took changes failed: they wait for the next one. */
    private void requeue(Batch batch) {
        if (!batch.change()) {
            return;
        }
        if (batch.keys() == null) {
            pendingAll = true;
        } else {
            pendingKeys.addAll(batch.keys());
        }
        pendingGeneration = Math.max(pendingGeneration, batch.generation());
        pendingUnrecorded |= batch.unrecorded();
        dirty = true;
    }

    /** After a failed render, changes still waiting are rendered after a pause. */
    private void retryLater() {
        if (dirty) {
            // 1 s, doubling up to the retry interval: soon after a passing fault, rarely for a broken source
            long pause = Math.min(retryMillis, 1000L << Math.min(failedRetries++, 5));
            schedule(pause, this::retry);
        }
    }

    /** Renders the changes left by a failed render, unless a render has taken them meanwhile. */
    private synchronized void retry() {
        if (inflight == null && dirty) {
            start();
        }
    }

    private CompletableFuture<RenderedSection> render(Batch batch) {
        if (stuck != null && stuck.running()) {
            // One thread per section at most may hang in a source that ignores interrupts.
            IllegalStateException e = new IllegalStateException("its render abandoned at the deadline is still stuck in"
                    + " its source, which ignores interrupts; no other render starts until it returns");
            counters.rendered(0, e, limits.clock.getAsLong());
            stored(null, e);
            return CompletableFuture.failedFuture(e);
        }
        stuck = null;
        RenderControl control = new RenderControl();
        current = control;
        currentTakesChanges = batch.change();
        currentUnrecorded = batch.unrecorded();
        CompletableFuture<RenderedSection> raw = new CompletableFuture<>();
        // stored() runs before f completes, so whoever waits on f finds the new section in place
        long started = System.nanoTime();
        CompletableFuture<RenderedSection> f = raw.whenComplete((section, failure) -> {
            counters.rendered(System.nanoTime() - started, cause(failure), limits.clock.getAsLong());
            stored(section, failure);
        });
        inflight = f;
        f.whenComplete((section, failure) -> ended(f, failure, batch));
        ScheduledFuture<?> deadline = schedule(limits.deadlineMillis, () -> {
            if (raw.completeExceptionally(new DeadlinePassed(limits.deadlineMillis))) {
                markStuck(control);
                limits.executor.execute(
                        () -> { // closing a source's stream may block: not on the timer
                            control.abandon();
                            store.release(key, limits.owner());
                        });
            }
        });
        if (deadline != null) {
            raw.whenComplete((s, e) -> deadline.cancel(false)); // it must not keep the pages for the whole deadline
        }
        RenderedSection before = store.get(key);
        try {
            limits.executor.execute(() -> {
                control.start();
                try {
                    raw.complete(renderOnce(before, batch, control));
                } catch (Throwable t) {
                    raw.completeExceptionally(t);
                } finally {
                    control.end();
                    Thread.interrupted(); // an abandoned render's interrupt must not reach the next task
                }
            });
        } catch (RejectedExecutionException e) {
            raw.completeExceptionally(e); // an executor that refuses under load: the changes wait for a retry
        }
        return f;
    }

    /**
     * Renders under this node's lease, so that nodes sharing a store render a section once; while
     * another node holds the lease, waits for its render to land in the store instead, and takes
     * over when that lease lapses (its node stopped mid-render). A render for changes takes another
     * node's render in its place only when that one took these very changes (the store says it
     * covered their generation); else it renders on top of it, since the other may have read the
     * data before the change. Under the lease, it also takes every change any node recorded and no
     * render took yet, and clears them once committed.
     */
    private RenderedSection renderOnce(RenderedSection before, Batch batch, RenderControl control)
            throws InterruptedException {
        boolean change = batch.change();
        while (!store.lease(key, limits.owner(), limits.leaseMillis)) {
            // the record before the section: a render that covered these changes committed before it
            // cleared them, so the section read after the record is that render or a later one
            PendingChanges recorded = change ? store.pending(key) : null;
            RenderedSection now = store.latest(key);
            if (!change && now != null && newer(now, before)) {
                return now;
            }
            if (change && now != null && batch.renderedBy(recorded)) {
                return now; // another node's render took these changes: nothing left to render
            }
            if (control.abandoned()) {
                throw new IllegalStateException("abandoned while another node rendered");
            }
            Thread.sleep(FOLLOW_MILLIS);
        }
        ScheduledFuture<?> renewal = renewLease(control);
        try {
            // what every node recorded and no render took: read before the source, so the render sees
            // their data, and before the section, so a covering render's commit is in what is read next
            PendingChanges shared = store.pending(key);
            RenderedSection landed = store.latest(key);
            if (!change && shared.isEmpty() && landed != null && newer(landed, before)) {
                return landed; // the node that held the lease until now stored its render meanwhile
            }
            if (change && shared.isEmpty() && landed != null && batch.renderedBy(shared)) {
                return landed; // another node rendered these changes and committed
            }
            // what the store holds now, which another node may have changed within this very
            // millisecond: a render builds on it, never on an older copy, which its commit would not match
            before = landed;
            SortedSet<Long> keys = keys(batch, shared);
            RenderedSection section = render.render(before, keys, control);
            if (control.abandoned()) {
                return section;
            }
            boolean committed;
            try {
                // before the lease goes, so no other node starts the same render
                committed = store.put(key, before, section);
            } catch (UncheckedIOException e) {
                if (change || store.get(key) != section) {
                    throw e; // the changes wait for a store that takes them; a store that kept nothing failed
                }
                return section; // a shared store out of reach: this node serves it meanwhile, and said so
            }
            if (!committed) {
                if (change || !shared.isEmpty()) {
                    throw new IllegalStateException("another node stored a render of this section while this one"
                            + " rendered (its lease had lapsed); the changes are rendered again on top of it");
                }
                RenderedSection theirs = store.latest(key);
                return theirs != null ? theirs : section;
            }
            if (!shared.isEmpty()) {
                store.rendered(key, shared);
            }
            changed.accept(before, section);
            return section;
        } finally {
            if (renewal != null) {
                renewal.cancel(false);
            }
            store.release(key, limits.owner());
        }
    }

    /** The keys a render takes: this node's and the store's; null, a whole render, when either wants one. */
    private static SortedSet<Long> keys(Batch batch, PendingChanges shared) {
        if (batch.keys() == null || shared.all()) {
            return null;
        }
        if (shared.isEmpty()) {
            return batch.keys();
        }
        TreeSet<Long> union = new TreeSet<>(batch.keys());
        union.addAll(shared.keys());
        return Collections.unmodifiableSortedSet(union);
    }

    private static boolean newer(RenderedSection section, RenderedSection than) {
        return than == null || section.renderedAtMillis() > than.renderedAtMillis();
    }

    /**
     * Renews the lease at a fixed rate while the render runs, a third of the lease apart, so that a
     * slow store call does not push the next renewal back: only a node that stopped loses it. A
     * renewal still under way when the next is due lets that one pass.
     */
    private ScheduledFuture<?> renewLease(RenderControl control) {
        long every = Math.max(50, limits.leaseMillis / 3);
        AtomicBoolean busy = new AtomicBoolean();
        try {
            return limits.timer.scheduleAtFixedRate(
                    () -> {
                        if (!control.abandoned() && busy.compareAndSet(false, true)) {
                            try {
                                limits.executor.execute(() -> {
                                    try {
                                        if (!control.abandoned()) {
                                            store.renew(key, limits.owner(), limits.leaseMillis);
                                        }
                                    } finally {
                                        busy.set(false);
                                    }
                                });
                            } catch (RejectedExecutionException e) {
                                busy.set(false); // the application is stopping
                            }
                        }
                    },
                    every,
                    every,
                    TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            return null; // the service is closing
        }
    }

    private synchronized void markStuck(RenderControl control) {
        stuck = control;
    }

    private ScheduledFuture<?> schedule(long millis, Runnable task) {
        try {
            return limits.timer.schedule(task, millis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            return null; // the service is closing
        }
    }

    private static Throwable cause(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    private void stored(RenderedSection section, Throwable failure) {
        if (section != null) {
            seen = section;
        }
        if (failure == null) {
            lastFailure = null; // renderOnce() stored it, or it is another node's render read from the store
            lastFailureMillis = Long.MIN_VALUE / 2;
            return;
        }
        Throwable cause = cause(failure);
        lastFailure = cause;
        lastFailureMillis = limits.clock.getAsLong();
        synchronized (this) {
            if (stopped) {
                return; // the stop said what it left, once for every section
            }
        }
        RenderedSection kept = store.get(key);
        String outcome = kept == null
                ? "answering 503 until a render succeeds"
                : "still serving the pages rendered at " + Instant.ofEpochMilli(kept.renderedAtMillis());
        if (cause instanceof DeadlinePassed) {
            LOG.log(Level.WARNING, "sitemapkit: rendering " + label + " " + cause.getMessage() + "; " + outcome);
        } else {
            LOG.log(Level.WARNING, "sitemapkit: rendering " + label + " failed; " + outcome, cause);
        }
    }

    /**
     * A render ended: changes it took and failed to render wait again; changes that arrived
     * meanwhile start the next render now.
     */
    private synchronized void ended(CompletableFuture<RenderedSection> f, Throwable failure, Batch batch) {
        if (inflight != f) {
            return;
        }
        inflight = null;
        current = null;
        if (failure != null) {
            requeue(batch);
            retryLater();
            return;
        }
        failedRetries = 0;
        if (dirty) {
            start();
        }
    }

    private RenderedSection await(CompletableFuture<RenderedSection> f) throws UnavailableException {
        if (f.isDone()) {
            return result(f);
        }
        if (limits.waitMillis == 0 || !limits.waiters.tryAcquire()) {
            throw unavailable("its first render is under way", Math.max(1000, limits.waitMillis));
        }
        try {
            f.get(limits.waitMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw unavailable("its first render takes longer than " + limits.waitMillis + " ms", limits.waitMillis);
        } catch (ExecutionException e) {
            // result() says why
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable("the request was interrupted", 1000);
        } finally {
            limits.waiters.release();
        }
        return result(f);
    }

    private RenderedSection result(CompletableFuture<RenderedSection> f) throws UnavailableException {
        try {
            return f.getNow(null);
        } catch (RuntimeException e) {
            throw unavailable("its render failed", retryMillis);
        }
    }

    /** A 503 for this section; the failure itself was logged once, by the render that failed. */
    private UnavailableException unavailable(String why, long retryAfterMillis) {
        counters.unavailable();
        Throwable cause = lastFailure;
        return new UnavailableException(
                label + " is unavailable: " + why + (cause == null ? "" : " (" + cause + ")"), cause, (int)
                        Math.max(1, retryAfterMillis / 1000));
    }

    /** The section's status now, for the views; reads nothing but this node's memory. */
    SectionStatus status(String site, String section) {
        return SectionStatus.of(site, section, seen, counters);
    }

    /**
     * Whether acknowledged changes wait here for a render, or are being rendered: what a stopping
     * application waits for, up to a bound.
     */
    synchronized boolean changesWaiting() {
        return dirty || (inflight != null && currentTakesChanges);
    }

    /**
     * The application stops: no render starts any more, and the one in flight is abandoned, its
     * lease given up so that another node need not wait for it to lapse.
     *
     * @return whether changes were left unrendered here (recorded in the store, if it records them)
     */
    Left stop() {
        RenderControl abandon;
        Left left;
        synchronized (this) {
            if (stopped) {
                return Left.NOTHING; // said once, by the first stop
            }
            stopped = true;
            abandon = current;
            left = !changesWaiting()
                    ? Left.NOTHING
                    : pendingUnrecorded || (inflight != null && currentUnrecorded) ? Left.UNRECORDED : Left.RECORDED;
            failWaiting(new IllegalStateException("the application stopped before rendering the change"));
        }
        if (abandon != null) {
            abandon.abandon("abandoned as the application stops");
            store.release(key, limits.owner());
        }
        return left;
    }

    /** What a stop left of the changes acknowledged here. */
    enum Left {
        /** Every change was rendered. */
        NOTHING,
        /** Changes are left, each recorded in the store for another node or the next start. */
        RECORDED,
        /** A change is left that the store did not record: it is lost. */
        UNRECORDED
    }

    /** Those waiting for the next render learn it will not come here; guarded by this. */
    private void failWaiting(Throwable why) {
        if (next != null) {
            next.completeExceptionally(why);
            next = null;
        }
    }

    /** For the log: the section and its site. */
    String label() {
        return label;
    }

    /** This node stops caching the section; a shared store keeps it for the others. */
    void forget() {
        store.evicted(key);
    }

    /** The render took longer than the deadline and was abandoned. */
    static final class DeadlinePassed extends Exception {
        private static final long serialVersionUID = 1L;

        DeadlinePassed(long deadlineMillis) {
            super(
                    "passed its deadline of " + Duration.ofMillis(deadlineMillis) + " and was abandoned: its stream"
                            + " closed and its thread interrupted",
                    null,
                    false,
                    false);
        }
    }
}
