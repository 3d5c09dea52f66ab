package org.sitemapkit.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The section of BENCHMARKS.md that {@link VerifyBench} measures, and its console summary. */
final class VerifyReport {
    private VerifyReport() {}

    /** One judged measure: its name, its medians, its interval and verdict. */
    private record Row(String name, String unit, double off, double all, GenerationPairs.Interval interval) {}

    private static List<Row> rows(VerifyBench.Outcome o) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row(
                "serving p99, GET of a " + String.format(Locale.ROOT, "%,d", Serving.PAGE_URLS) + "-URL sitemap page",
                "ms",
                o.median(VerifyBench.Run::p99Ms, false),
                o.median(VerifyBench.Run::p99Ms, true),
                o.p99()));
        rows.add(new Row(
                "render time of the section",
                "s",
                o.median(VerifyBench.Run::render, false),
                o.median(VerifyBench.Run::render, true),
                o.render()));
        return rows;
    }

    static String section(VerifyBench.Outcome o, String command) {
        VerifyBench.Settings s = o.settings;
        StringBuilder md = new StringBuilder(Report.VERIFY_START).append("\n\n");
        md.append("## Page verification under load\n\n");
        Duration d = Duration.between(o.started, o.finished);
        md.append(String.format(
                Locale.ROOT,
                "From the run of %s to %s (%d min %d s), `%s`: this section only; the other sections of this file"
                        + " come from the runs they name.%n%n",
                o.started,
                o.finished,
                d.toMinutes(),
                d.toSecondsPart(),
                command));
        md.append(
                "```sh\njava -Xms2g -Xmx2g -jar benchmarks/target/sitemapkit-benchmarks.jar --only-verify   # this section alone\n```\n\n");
        md.append(String.format(
                Locale.ROOT,
                "The claim: with `verify=all` on %,d URLs, serving latency (p99) and render time stay within %.0f%% of"
                        + " `verify=off` on the same run. Each run starts a new application on embedded Jetty 12 in"
                        + " this JVM (the serving benchmark's server): SitemapKit's filter with one section of the"
                        + " workload's %,d URLs (%d pages), each loc built from the request's site"
                        + " (`http://127.0.0.1:<port>/products/...`), and a servlet that answers every one of those"
                        + " URLs with a small HTML page (about 300 bytes) whose head names the URL itself as"
                        + " canonical, so that each check passes. The first request starts the first render; once it"
                        + " is committed, `verify=all` starts asking for every URL it wrote, over loopback HTTP, at"
                        + " **`verify-rate=%d` and `verify-concurrency=%d`** (the whole section is checked in about"
                        + " %.0f minutes at that pace; at the defaults, 20 a second and 2 at once, in %.1f hours)."
                        + " While the verifier asks: **(a)** wrk loads the first sitemap page (GET"
                        + " with gzip, %d connections, a %d s warm-up then %d s), whose p99 is taken; **(b)** the"
                        + " section is invalidated and re-rendered %d times, each render's time read from the"
                        + " section's status (`renderNanos`), the median per run. Then the server stops, which stops"
                        + " its verifier. A pair is one run with `verify=off` and one with `verify=all`, the order"
                        + " swapped every pair (`off` first in odd pairs); %d warm-up pair(s), then %d timed pairs."
                        + " Each figure is the median of the per-pair ratios all ÷ off with a distribution-free 95%%"
                        + " interval of that median; the claim is **met** only when the whole interval is under"
                        + " %.2f, **NOT met** when the whole interval is over it, **inconclusive** otherwise.%n%n",
                s.urls(),
                (VerifyBench.TARGET - 1) * 100,
                s.urls(),
                o.pages,
                s.rate(),
                s.concurrency(),
                s.urls() / (double) s.rate() / 60,
                s.urls() / 20.0 / 3600,
                s.connections(),
                s.loadWarmupSeconds(),
                s.loadSeconds(),
                s.rendersPerRun(),
                s.warmupPairs(),
                s.pairs(),
                VerifyBench.TARGET));
        md.append("This JVM's arguments: ")
                .append(Machine.jvmArgs())
                .append(" (run it with a fixed heap, `-Xms` equal to `-Xmx`, so that G1's heap sizing, which the"
                        + " verifier's allocations move, is the same in both kinds of run).\n\n");
        md.append("Load generator: ")
                .append(o.generator.replaceAll(";.*", ""))
                .append(". Placement: ")
                .append(o.pinning)
                .append(" during the load runs; the renders run on every CPU.\n\n");
        md.append(String.format(
                Locale.ROOT,
                "**The machine's load**: %d cores; load average %s before, %s after; other processes kept a median"
                        + " of %.2f cores busy during the re-renders of the `off` runs and %.2f during those of the"
                        + " `all` runs (from /proc/stat, this process's CPU taken out); each pair's load average"
                        + " below.%n%n",
                Machine.cores(),
                o.loadAverageBefore,
                o.loadAverageAfter,
                o.median(VerifyBench.Run::otherCoresRender, false),
                o.median(VerifyBench.Run::otherCoresRender, true)));
        md.append("| measure | `verify=off`, median | `verify=all`, median | median of pair ratios all ÷ off |"
                + " 95% interval | target | verdict |\n|---|--:|--:|--:|--:|--:|---|\n");
        for (Row r : rows(o)) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %.3f %s | %.3f %s | %.3f | %s | < %.2f | **%s** |%n",
                    r.name(),
                    r.off(),
                    r.unit(),
                    r.all(),
                    r.unit(),
                    r.interval().median(),
                    r.interval().range(),
                    VerifyBench.TARGET,
                    verdict(r.interval())));
        }
        md.append('\n');
        md.append(String.format(
                Locale.ROOT,
                "- The verifier's pace in the `all` runs: a median of %.0f pages asked a second during the load runs"
                        + " and %.0f during the re-renders (the setting allows %d); none in the `off` runs (%.0f)."
                        + "%n- Throughput during the load runs, for context: %,.0f requests/s with `off`, %,.0f with"
                        + " `all` (medians); %d errors in all.%n- %s.%n%n",
                o.median(VerifyBench.Run::askedPerSecondLoad, true),
                o.median(VerifyBench.Run::askedPerSecondRender, true),
                s.rate(),
                o.median(VerifyBench.Run::askedPerSecondLoad, false),
                o.median(VerifyBench.Run::requestsPerSecond, false),
                o.median(VerifyBench.Run::requestsPerSecond, true),
                o.pairs.stream()
                        .mapToLong(p -> p.off().errors() + p.all().errors())
                        .sum(),
                capital(o.sanity)));
        md.append("Every timed pair in the order run:\n\n| pair | first | p99 off ms | p99 all ms | p99 ratio |"
                + " render off s | render all s | render ratio | verifier pages/s (load, render) | load average |\n"
                + "|--:|---|--:|--:|--:|--:|--:|--:|--:|---|\n");
        for (VerifyBench.Pair p : o.pairs) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %d | %s | %.2f | %.2f | %.3f | %.3f | %.3f | %.3f | %.0f, %.0f | %s |%n",
                    p.number(),
                    p.verifyFirst() ? "all" : "off",
                    p.off().p99Ms(),
                    p.all().p99Ms(),
                    p.p99Ratio(),
                    p.off().render(),
                    p.all().render(),
                    p.renderRatio(),
                    p.all().askedPerSecondLoad(),
                    p.all().askedPerSecondRender(),
                    p.all().loadAverage()));
        }
        return md.append('\n').append(Report.VERIFY_END).append("\n\n").toString();
    }

    /** "met" only when the whole interval is under the target, as the claim says. */
    private static String verdict(GenerationPairs.Interval i) {
        if (Double.isNaN(i.low())) {
            return "inconclusive";
        }
        return i.high() < VerifyBench.TARGET ? "met" : i.low() > VerifyBench.TARGET ? "NOT met" : "inconclusive";
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String summary(VerifyBench.Outcome o) {
        StringBuilder sb = new StringBuilder();
        for (Row r : rows(o)) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%-12s %s with verify=all within %.0f%% of verify=off: median ratio %.3f, 95%% interval %s (%d"
                            + " pairs; verify-rate %d, verify-concurrency %d; load average %s before, %s after)%n",
                    verdict(r.interval()),
                    r.name(),
                    (VerifyBench.TARGET - 1) * 100,
                    r.interval().median(),
                    r.interval().range(),
                    r.interval().pairs(),
                    o.settings.rate(),
                    o.settings.concurrency(),
                    o.loadAverageBefore,
                    o.loadAverageAfter));
        }
        return sb.toString();
    }
}
