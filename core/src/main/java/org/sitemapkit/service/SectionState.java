package org.sitemapkit.service;

import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * One section of one site in the cache: the last good render, and at most one render in
 * flight. A request for a section never rendered waits for that single render; once a render
 * exists, requests never wait again — a stale section is served while one background render
 * refreshes it, and a failed render leaves the last good one in place.
 */
final class SectionState {
  private static final System.Logger LOG = System.getLogger(SectionState.class.getName());
  static final long WAIT_SECONDS = 120;

  private final String key;
  private final String label;
  private final PageStore store;
  private final Executor executor;
  private final Supplier<RenderedSection> render;
  private final long ttlMillis;
  private final long retryMillis;
  private final java.util.function.LongSupplier clock;

  private CompletableFuture<RenderedSection> inflight;
  private volatile boolean invalidated;
  private volatile long lastFailureMillis = Long.MIN_VALUE / 2;
  private volatile Throwable lastFailure;

  SectionState(String key, String label, PageStore store, Executor executor,
      Supplier<RenderedSection> render, long ttlMillis, java.util.function.LongSupplier clock) {
    this.clock = clock;
    this.key = key;
    this.label = label;
    this.store = store;
    this.executor = executor;
    this.render = render;
    this.ttlMillis = ttlMillis;
    this.retryMillis = Math.min(ttlMillis, 30_000);
  }

  /** The section to serve now, rendering it first only when there has never been one. */
  RenderedSection get(long now) throws UnavailableException {
    RenderedSection current = store.get(key);
    if (current == null) {
      if (now - lastFailureMillis < retryMillis) {
        throw unavailable("its last render failed", lastFailure);
      }
      return await(refresh());
    }
    if (invalidated || now - current.renderedAtMillis() >= ttlMillis) {
      if (now - lastFailureMillis >= retryMillis || invalidated) {
        refresh();
      }
    }
    return current;
  }

  /** Marks the section stale and starts its refresh; readers keep the old pages meanwhile. */
  synchronized CompletableFuture<RenderedSection> invalidate() {
    invalidated = true;
    if (inflight == null) {
      return refresh();
    }
    // the render in flight may have read the old data: refresh once more after it
    return inflight.handle((s, e) -> s).thenCompose(s -> refresh());
  }

  /** Starts a render unless one is in flight; either way returns the one that will finish. */
  synchronized CompletableFuture<RenderedSection> refresh() {
    if (inflight != null) {
      return inflight;
    }
    invalidated = false;
    // stored() runs before f completes, so whoever waits on f finds the new section in place
    CompletableFuture<RenderedSection> f = CompletableFuture.supplyAsync(render, executor)
        .whenComplete(this::stored);
    inflight = f;
    f.whenComplete((section, failure) -> cleared(f));
    return f;
  }

  private void stored(RenderedSection section, Throwable failure) {
    if (failure == null) {
      store.put(key, section);
      lastFailure = null;
      lastFailureMillis = Long.MIN_VALUE / 2;
      return;
    }
    Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
    lastFailure = cause;
    lastFailureMillis = clock.getAsLong();
    RenderedSection kept = store.get(key);
    LOG.log(Level.WARNING, "sitemapkit: rendering " + label + " failed; "
        + (kept == null ? "answering 503 until a render succeeds"
            : "still serving the pages rendered at " + java.time.Instant.ofEpochMilli(kept.renderedAtMillis())),
        cause);
  }

  private synchronized void cleared(CompletableFuture<RenderedSection> f) {
    if (inflight == f) {
      inflight = null;
    }
  }

  private RenderedSection await(CompletableFuture<RenderedSection> f) throws UnavailableException {
    try {
      return f.get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw unavailable("its render failed", e.getCause());
    } catch (TimeoutException e) {
      throw unavailable("its first render takes longer than " + WAIT_SECONDS + " s", null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unavailable("the request was interrupted", e);
    }
  }

  private UnavailableException unavailable(String why, Throwable cause) {
    return new UnavailableException(label + " is unavailable: " + why, cause,
        (int) Math.max(1, retryMillis / 1000));
  }

  void forget() {
    store.remove(key);
  }
}
