package org.sitemapkit.internal.verify;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.status.SectionCounters;
import org.sitemapkit.internal.status.VerifyFindings;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.model.Site;

/**
 * Checks the pages a render listed against what the application serves at them, after the render
 * committed, on one thread of its own at {@code verify-concurrency} requests at once and {@code
 * verify-rate} a second: a render or a request never waits for it. The last check of each section
 * goes to its counters (the status views, JMX, the meters, the health data) and, when a URL fails,
 * to one WARNING line. Under {@code verify-action=exclude} the failed URLs are left out of the
 * section's next render, which a new failure starts, and are asked again at each later check until
 * they pass.
 */
public final class Verifier implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Verifier.class.getName());
    /** The most URLs of one section left out for a failed check; more are reported, not left out. */
    static final int EXCLUDE_MAX = 10_000;
    /** URLs whose last check is remembered for explaining them: about 2 MB at most. */
    static final int REMEMBERED = 10_000;
    /** The failures a WARNING line and the status name. */
    private static final int EXAMPLES = 5;

    private final Settings.Verify settings;
    private final Threads threads;
    private final BiConsumer<Site, String> invalidate;

    /** Where checks go; null until an address is known. */
    private volatile Loopback loopback;
    /** The latest check waiting for each section, oldest first; guarded by this. */
    private final Map<String, Job> queued = new LinkedHashMap<>();

    private final Map<String, Section> sections = new ConcurrentHashMap<>();
    /** Guarded by this. */
    private Threads.Loop loop;
    /** Guarded by this. */
    private boolean closed;
    /** Said once: the address the checks go to does not answer. */
    private volatile boolean unreachableSaid;
    /** Said once: the first request came over TLS. */
    private volatile boolean tlsSaid;
    /** The last check of the last {@link #REMEMBERED} URLs checked, for explaining one; guarded by itself. */
    private final Map<String, String> lastResults = new LinkedHashMap<>(1 << 10, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > REMEMBERED;
        }
    };

    private Verifier(Settings.Verify settings, Threads threads, BiConsumer<Site, String> invalidate) {
        this.settings = settings;
        this.threads = threads;
        this.invalidate = invalidate;
        settings.origin().ifPresent(o -> loopback = new Loopback(o, threads.tasks()));
    }

    /**
     * The verifier of one application.
     *
     * @param settings the verify settings
     * @param threads where the checks run
     * @param invalidate renders a section anew (whole), when a failed URL is to be left out or one left out passed
     */
    public static Verifier of(Settings.Verify settings, Threads threads, BiConsumer<Site, String> invalidate) {
        return new Verifier(settings, threads, invalidate);
    }

    /** Whether renders are checked at all ({@code verify} is not {@code off}). */
    public boolean on() {
        return settings.mode() != Settings.VerifyMode.OFF;
    }

    /** Whether the address checks go to is known. */
    public boolean knowsOrigin() {
        return loopback != null;
    }

    /**
     * The address a request arrived on, which the checks are sent to unless {@code verify-origin}
     * names one: the first request's is kept.
     *
     * @param address the connector's local address, as the servlet request gives it
     * @param port its local port
     * @param tls whether the connection spoke TLS, which the checks cannot
     */
    public void arrivedOn(String address, int port, boolean tls) {
        if (loopback != null || !on()) {
            return;
        }
        if (tls) {
            if (!tlsSaid) {
                tlsSaid = true;
                LOG.log(
                        Level.WARNING,
                        "sitemapkit: cannot check the listed pages yet: requests arrive over TLS on port {0}, and checks"
                                + " speak plain HTTP; set sitemapkit.verify-origin to a plain-HTTP address of this"
                                + " application, or verify=off",
                        String.valueOf(port));
            }
            return;
        }
        URI origin = origin(address, port);
        if (origin == null) {
            return;
        }
        synchronized (this) {
            if (loopback == null && !closed) {
                loopback = new Loopback(origin, threads.tasks());
                LOG.log(Level.DEBUG, "sitemapkit: page checks go to {0}", origin);
                notifyAll();
            }
        }
    }

    /** {@code http://address:port}, with a wildcard address as the loopback one; null for no address. */
    static URI origin(String address, int port) {
        if (address == null || address.isBlank() || port <= 0) {
            return null;
        }
        String host = address;
        try {
            InetAddress a = InetAddress.getByName(address); // a literal: no lookup
            if (a.isAnyLocalAddress()) {
                host = a instanceof java.net.Inet6Address ? "::1" : "127.0.0.1";
            }
        } catch (UnknownHostException e) {
            return null;
        }
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            int zone = host.indexOf('%');
            host = "[" + (zone < 0 ? host : host.substring(0, zone)) + "]";
        }
        try {
            return new URI("http://" + host + ":" + port);
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }

    /**
     * A render of a section was committed here: its new pages are checked after it.
     *
     * @param site the site
     * @param section the section
     * @param key the section's store key
     * @param before the section it replaced, or null
     * @param after the section committed
     * @param counters where the findings go
     */
    public void rendered(
            Site site,
            String section,
            String key,
            RenderedSection before,
            RenderedSection after,
            SectionCounters counters) {
        if (!on()) {
            return;
        }
        Set<String> etags = new HashSet<>();
        if (before != null) {
            before.pages().forEach(p -> etags.add(p.etag()));
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            Job waiting = queued.remove(key);
            if (waiting != null) {
                etags.retainAll(waiting.before); // the pages new to either render are new to this one
            }
            queued.put(key, new Job(site, section, key, after, etags, counters));
            if (loop == null) {
                try {
                    loop = threads.start(this::run);
                } catch (RejectedExecutionException e) {
                    return; // stopping
                }
            }
            notifyAll();
        }
    }

    /**
     * The URLs of a section left out for a failed check, as pages write them; empty unless {@code
     * verify-action=exclude}. A live view: a render reads it as it runs.
     */
    public Set<String> excluded(String key) {
        if (settings.action() != Settings.VerifyAction.EXCLUDE) {
            return Set.of();
        }
        Section s = sections.get(key);
        return s == null ? Set.of() : s.excluded.keySet();
    }

    /**
     * The last check of a URL here, for explaining it.
     *
     * @param loc the URL as pages write it
     * @return {@code passed at ...}, {@code failed at ...: NOT_FOUND: 404}, or null when it is not among the last checked
     */
    public String lastResult(String loc) {
        synchronized (lastResults) {
            return lastResults.get(loc);
        }
    }

    /**
     * Why a URL of a section is left out for a failed check, or null when it is not.
     *
     * @param key the section's store key
     * @param loc the URL as pages write it
     */
    public String excludedWhy(String key, String loc) {
        if (settings.action() != Settings.VerifyAction.EXCLUDE) {
            return null;
        }
        Section s = sections.get(key);
        Failed f = s == null ? null : s.excluded.get(loc);
        return f == null ? null : f.why();
    }

    /** Stops checking; a check under way is abandoned. */
    @Override
    public void close() {
        Threads.Loop l;
        synchronized (this) {
            closed = true;
            queued.clear();
            l = loop;
            notifyAll();
        }
        if (l != null) {
            l.interrupt();
        }
        Loopback lb = loopback;
        if (lb != null) {
            lb.close();
        }
    }

    /** One section's check to make. */
    private record Job(
            Site site,
            String section,
            String key,
            RenderedSection after,
            Set<String> before,
            SectionCounters counters) {}

    /** What a section's checks keep between renders. */
    private static final class Section {
        /** Checks made, which moves the sample. */
        long turns;
        /** URL to why it failed, left out of renders ({@code exclude}); with its alternates, to ask again. */
        final Map<String, Failed> excluded = new ConcurrentHashMap<>();
    }

    private record Failed(Map<String, String> alternates, String why) {}

    /**
     * One section's check under way: its pages are asked one at a time, and the passes of all
     * sections take turns page by page, so a long {@code verify=all} of one section holds up no
     * other and holds no more than one page's URLs.
     */
    private final class Pass {
        final Job job;
        final Section state;
        final boolean exclude = settings.action() == Settings.VerifyAction.EXCLUDE;
        final int sample = settings.mode() == Settings.VerifyMode.ALL ? Integer.MAX_VALUE : settings.sample();
        final List<VerifyPlan.PagePick> picks;
        int next;
        boolean againAsked;
        final Tally tally = new Tally();

        Pass(Job job) {
            this.job = job;
            this.state = sections.computeIfAbsent(job.key, k -> new Section());
            List<CachedPage> pages = job.after.pages();
            int[] counts = new int[pages.size()];
            String[] etags = new String[pages.size()];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = pages.get(i).urlCount();
                etags[i] = pages.get(i).etag();
            }
            this.picks = VerifyPlan.plan(counts, etags, job.before, sample, state.turns++);
        }

        boolean done() {
            return next >= picks.size() && (!exclude || againAsked);
        }

        /** Asks the next page's URLs, or the URLs left out before, and counts what they answer. */
        void step() throws InterruptedException {
            List<Target> targets = new ArrayList<>();
            if (next < picks.size()) {
                VerifyPlan.PagePick pick = picks.get(next++);
                try {
                    for (ListedUrls.Listed l :
                            ListedUrls.read(job.after.pages().get(pick.page()).gzip(), pick.positions())) {
                        targets.add(new Target(l, false));
                    }
                } catch (IOException | RuntimeException e) {
                    LOG.log(
                            Level.WARNING,
                            "sitemapkit: cannot read page {0} of {1} to check it: {2}",
                            pick.page() + 1,
                            job.key,
                            String.valueOf(e.getMessage()));
                }
            } else {
                againAsked = true;
                int again = 0;
                for (Map.Entry<String, Failed> e : state.excluded.entrySet()) {
                    if (again++ >= sample) {
                        break;
                    }
                    targets.add(new Target(
                            new ListedUrls.Listed(e.getKey(), null, e.getValue().alternates()), true));
                }
            }
            ask(this, targets);
        }
    }

    /** What a pass found so far: counts, the first failures, and whether what is left out changed. */
    private static final class Tally {
        int checked;
        int failed;
        int unreachable;
        String unreachableWhy;
        final Map<String, Long> problems = new LinkedHashMap<>();
        final List<String> examples = new ArrayList<>();
        boolean changed;
        int overLimit;
    }

    /** Passes under way, taking turns; guarded by this. */
    private final java.util.ArrayDeque<Pass> active = new java.util.ArrayDeque<>();

    private void run() {
        while (true) {
            Pass pass;
            synchronized (this) {
                while (!closed && (loopback == null || (queued.isEmpty() && active.isEmpty()))) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                // a section's next check starts once its check under way has ended
                for (var i = queued.entrySet().iterator(); i.hasNext(); ) {
                    Map.Entry<String, Job> e = i.next();
                    if (active.stream().noneMatch(p -> p.job.key.equals(e.getKey()))) {
                        active.add(new Pass(e.getValue()));
                        i.remove();
                    }
                }
                pass = active.poll();
            }
            try {
                if (!pass.done()) {
                    pass.step();
                }
                if (pass.done()) {
                    report(pass);
                } else {
                    synchronized (this) {
                        active.add(pass);
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "sitemapkit: checking the pages of " + pass.job.key + " failed", e);
            }
        }
    }

    /** One URL to ask, and whether it was left out before (asked again to see whether it passes now). */
    private record Target(ListedUrls.Listed listed, boolean again) {}

    /** When the next request may go, at {@code verify-rate}; on the verifier's thread only. */
    private long nextRequest = System.nanoTime();

    /** Asks {@code targets} at the configured rate and concurrency, waits for them, and counts. */
    private void ask(Pass pass, List<Target> targets) throws InterruptedException {
        if (targets.isEmpty()) {
            return;
        }
        Loopback client = loopback;
        Duration timeout = settings.timeout();
        if (client.form() == Loopback.Form.UNKNOWN) {
            try {
                if (client.decide(pass.job.site.base() + "sitemap.xml", timeout) == Loopback.Form.ORIGIN) {
                    LOG.log(
                            Level.INFO,
                            "sitemapkit: the server at {0} does not route a request line naming the listed URL;"
                                    + " page checks send its path there with X-Forwarded-Host, and take the"
                                    + " links a page builds to {0} as links to the listed host",
                            client.origin());
                }
            } catch (IOException e) {
                // unreachable: each ask below says so
            }
        }
        Semaphore permits = new Semaphore(settings.concurrency());
        long interval = TimeUnit.SECONDS.toNanos(1) / settings.rate();
        List<CompletableFuture<Outcome>> outcomes = new ArrayList<>(targets.size());
        try {
            for (Target t : targets) {
                long wait = nextRequest - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                nextRequest = Math.max(nextRequest, System.nanoTime()) + interval;
                permits.acquire();
                CompletableFuture<Outcome> o = ask(client, t, timeout);
                o.whenComplete((r, e) -> permits.release());
                outcomes.add(o);
            }
            CompletableFuture.allOf(outcomes.toArray(new CompletableFuture<?>[0]))
                    .get(timeout.toMillis() + 5_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            outcomes.forEach(o -> o.cancel(true));
            throw e;
        } catch (ExecutionException | TimeoutException e) {
            // each outcome completes by its own deadline; what did not is left out of the tally
        }
        count(pass, targets, outcomes);
    }

    /** The verdict on one URL, or why it could not be asked. */
    private record Outcome(PageCheck.Verdict verdict, String unreachable) {}

    private CompletableFuture<Outcome> ask(Loopback client, Target t, Duration timeout) {
        CompletableFuture<Outcome> result = new CompletableFuture<>();
        String loc = t.listed().loc();
        CompletableFuture<PageCheck.Answer> raw;
        try {
            raw = client.ask(loc, timeout);
        } catch (RuntimeException e) {
            result.complete(new Outcome(null, e.toString()));
            return result;
        }
        ScheduledFuture<?> deadline = threads.timer()
                .schedule(
                        () -> {
                            if (result.complete(new Outcome(PageCheck.timedOut(timeout.toMillis()), null))) {
                                raw.cancel(true);
                            }
                        },
                        timeout.toMillis(),
                        TimeUnit.MILLISECONDS);
        raw.whenComplete((answer, failure) -> {
            deadline.cancel(false);
            if (failure == null) {
                result.complete(new Outcome(PageCheck.judge(loc, t.listed().alternates(), answer), null));
                return;
            }
            Throwable cause =
                    failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            if (cause instanceof HttpTimeoutException
                    && !(cause instanceof java.net.http.HttpConnectTimeoutException)) {
                result.complete(new Outcome(PageCheck.timedOut(timeout.toMillis()), null));
            } else {
                result.complete(new Outcome(
                        null,
                        cause.getClass().getSimpleName()
                                + (cause.getMessage() == null ? "" : ": " + cause.getMessage())));
            }
        });
        return result;
    }

    /** Counts one page's outcomes into its pass. */
    private void count(Pass pass, List<Target> targets, List<CompletableFuture<Outcome>> outcomes) {
        Tally tally = pass.tally;
        for (int i = 0; i < outcomes.size(); i++) {
            CompletableFuture<Outcome> f = outcomes.get(i);
            Outcome o = f.isDone() && !f.isCompletedExceptionally() ? f.join() : null;
            if (o == null) {
                continue;
            }
            Target t = targets.get(i);
            String loc = t.listed().loc();
            if (o.unreachable() != null) {
                tally.unreachable++;
                tally.unreachableWhy = o.unreachable();
                remember(loc, "not asked (the application did not answer: " + o.unreachable() + ")");
                continue;
            }
            tally.checked++;
            PageCheck.Verdict v = o.verdict();
            remember(
                    loc,
                    v.ok()
                            ? "passed"
                            : "failed: " + v.problems().get(0).name()
                                    + (v.detail().isEmpty() ? "" : ": " + v.detail()));
            if (v.ok()) {
                if (t.again() && pass.state.excluded.remove(loc) != null) {
                    tally.changed = true;
                }
                continue;
            }
            tally.failed++;
            String problem = v.problems().get(0).name();
            tally.problems.merge(problem, 1L, Long::sum);
            String why = problem + (v.detail().isEmpty() ? "" : ": " + v.detail());
            if (tally.examples.size() < EXAMPLES) {
                tally.examples.add(loc + " (" + why + ")");
            }
            if (pass.exclude && !t.again()) {
                if (pass.state.excluded.size() < EXCLUDE_MAX) {
                    tally.changed |=
                            pass.state.excluded.put(loc, new Failed(t.listed().alternates(), why)) == null;
                } else {
                    tally.overLimit++;
                }
            }
        }
    }

    private void remember(String loc, String result) {
        synchronized (lastResults) {
            lastResults.remove(loc);
            lastResults.put(loc, result + " at " + Instant.now());
        }
    }

    /** A pass ended: its findings go to the section's counters, a WARNING line when a URL failed. */
    private void report(Pass pass) {
        Job job = pass.job;
        Tally t = pass.tally;
        if (t.checked == 0 && t.unreachable == 0) {
            return; // nothing new to ask
        }
        VerifyFindings findings = new VerifyFindings(
                Instant.now(),
                t.checked,
                t.failed,
                t.unreachable,
                t.problems,
                t.examples,
                pass.exclude ? pass.state.excluded.size() : 0);
        job.counters.verified(findings);
        if (t.unreachable > 0 && !unreachableSaid) {
            unreachableSaid = true;
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: cannot check the listed pages: the application does not answer at {0} ({1}); set"
                            + " sitemapkit.verify-origin to a plain-HTTP address of this application, or verify=off",
                    loopback.origin(),
                    t.unreachableWhy);
        }
        if (t.failed > 0) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: {0} of {1} listed URLs of section {2} of {3} checked fail as a crawler would find"
                            + " them: {4}; {5}",
                    t.failed,
                    t.checked,
                    job.section,
                    job.site.base(),
                    String.join(", ", t.examples) + (t.failed > t.examples.size() ? ", ..." : ""),
                    pass.exclude
                            ? "they are left out of the next render (verify-action=exclude)"
                                    + (t.overLimit > 0
                                            ? "; " + t.overLimit + " more are listed still, over the " + EXCLUDE_MAX
                                                    + " a section leaves out"
                                            : "")
                            : "they stay listed (verify-action=report)");
        } else if (t.checked > 0) {
            LOG.log(
                    Level.DEBUG,
                    "sitemapkit: {0} listed URLs of section {1} of {2} checked, all pass",
                    t.checked,
                    job.section,
                    job.site.base());
        }
        if (t.changed) {
            invalidate.accept(job.site, job.section);
        }
    }
}
