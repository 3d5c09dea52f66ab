package org.sitemapkit.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The benchmark harness. A plain program, never a test:
 *
 * <pre>java -jar benchmarks/target/sitemapkit-benchmarks.jar [--quick] [--out BENCHMARKS.md]</pre>
 *
 * It times every contender on the same workload in this JVM (warm-up rounds, then timed
 * rounds, the order rotated each round), then SitemapKit against the floors in pairs
 * ({@link GenerationPairs}, alone with {@code --only-generation-pairs}), parses every output back, probes each contender's
 * smallest heap in child JVMs, measures serving against Jetty's static files, and writes
 * BENCHMARKS.md from what it measured.
 */
public final class Main {
    private Main() {}

    /** Everything a run is told. */
    static final class Config {
        boolean quick;
        /** Where the report goes: --out, else BENCHMARKS.md. */
        Path out;

        long urls = 1_000_000;
        int warmup = 2;
        int runs = 5;
        boolean memory = true;
        boolean serving = true;
        boolean diagnostics = true;
        /** The gzip-level table and the small-pages render ({@link EngineBench}). */
        boolean engine = true;

        boolean javaLoad;
        /** Only the serving benchmark, spliced into the report in place of its section. */
        boolean onlyServing;
        /** Only the generation pairs, spliced into the report in place of its section. */
        boolean onlyGenerationPairs;
        /** Only the memory probe, spliced into the report in place of its section. */
        boolean onlyMemory;
        /** Only page verification under load ({@link VerifyBench}), spliced into the report in place of its section. */
        boolean onlyVerify;
        /** {@code verify-rate} of the verified runs: a large site's (the settings table's example). */
        int verifyRate = 200;
        /** {@code verify-concurrency} of the verified runs. */
        int verifyConcurrency = 8;
        /** Re-renders timed in each run of the verify pairs. */
        int verifyRenders = 2;

        /** Timed pairs of SitemapKit against each floor ({@link GenerationPairs}). */
        int pairs = 12;
        /** Warm-up pairs before them. */
        int pairWarmup = 2;

        /** wrk on one CPU, the servers on the others. */
        boolean pin = true;
        /** Seconds of each load run in the serving pairs (SitemapKit against the servlet floor). */
        int pairLoadSeconds = 3;

        List<Serving.PageSize> servingPages = List.of(Serving.PageSize.SMALL, Serving.PageSize.LARGE);

        List<Serving.Kind> servingKinds = List.of(Serving.Kind.GET, Serving.Kind.HEAD, Serving.Kind.NOT_MODIFIED);

        int memoryResolutionMb = 2;
        int memoryLowMb = 8;
        int memoryHighMb = 512;
        long memoryTimeoutSeconds = 120;
        long bigUrls = 10_000_000;
        int bigHeapMb = 32;
        long bigTimeoutSeconds = 600;
        int connections = 32;
        int loadWarmup = 3;
        int loadSeconds = 10;
        int loadPasses = 2;
        final List<String> args = new ArrayList<>();
    }

    /** One contender's timings and checks. */
    static final class Timing {
        final Contender contender;
        final boolean diagnostic;
        final List<Double> seconds = new ArrayList<>();
        /** CPU seconds of the whole harness process during each timed run (all threads, GC and JIT included). */
        final List<Double> cpuSeconds = new ArrayList<>();
        /** Cores other processes kept busy during each timed run, on average. */
        final List<Double> otherCores = new ArrayList<>();

        final List<Verifier.Check> checks = new ArrayList<>();
        long bytes;
        int files;

        Timing(Contender contender, boolean diagnostic) {
            this.contender = contender;
            this.diagnostic = diagnostic;
        }

        double median() {
            return median(seconds);
        }

        double medianCpu() {
            return median(cpuSeconds);
        }

        double medianOtherCores() {
            return median(otherCores.stream().filter(d -> !d.isNaN()).toList());
        }

        static double median(List<Double> values) {
            List<Double> s = new ArrayList<>(values);
            s.sort(null);
            int n = s.size();
            return n == 0 ? Double.NaN : n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
        }

        double min() {
            return seconds.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        }

        double max() {
            return seconds.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        }

        /** The URLs every parsed run read back, or -1 when runs disagree. */
        long urlsParsed() {
            long v = -2;
            for (Verifier.Check c : checks) {
                if (v == -2) {
                    v = c.urls;
                } else if (v != c.urls) {
                    return -1;
                }
            }
            return v == -2 ? 0 : v;
        }

        Verifier.Check xsdCheck() {
            for (Verifier.Check c : checks) {
                if (!c.pageXsd.equals("not checked")) {
                    return c;
                }
            }
            return null;
        }
    }

    /** Everything the report is made from. */
    static final class Results {
        Config config;
        Instant started;
        Instant finished;
        String command;
        final Map<String, Timing> timings = new LinkedHashMap<>();
        final List<MemoryProbe.Result> memory = new ArrayList<>();
        final List<MemoryProbe.Attempt> big = new ArrayList<>();
        Serving.Outcome serving;
        List<EngineBench.Level> levels = List.of();
        EngineBench.SmallPages smallPages;
        FreshnessBench.Outcome freshness;
        GenerationPairs.Outcome pairs;
        VerifyBench.Outcome verify;
        String loadAverageBefore;
        String loadAverageAfter;
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        Logger.getLogger("").setLevel(Level.WARNING);
        for (Handler h : Logger.getLogger("").getHandlers()) {
            h.setLevel(Level.WARNING);
        }
        if (args.length > 0 && args[0].equals("--child")) {
            Path dir = Paths.get(args[3]);
            MemoryProbe.child(contender(args[1]), Long.parseLong(args[2]), dir);
            return;
        }
        Config config = parse(args);
        Results results = run(config);
        Path out = config.out.toAbsolutePath();
        String existing = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : null;
        String md;
        if (config.onlyGenerationPairs) {
            md = Report.splicePairs(existing, results);
        } else if (config.onlyVerify) {
            md = Report.spliceVerify(existing, results);
        } else if (config.onlyServing) {
            md = Report.spliceServing(existing, results);
        } else if (config.onlyMemory) {
            md = Report.spliceMemory(existing, results);
        } else {
            // a full run does not measure verification: the section an earlier --only-verify wrote stays
            md = Report.keepVerify(existing, Report.markdown(results));
        }
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        Files.writeString(out, md, StandardCharsets.UTF_8);
        System.out.println();
        System.out.println(
                config.onlyGenerationPairs
                        ? Report.pairsSummary(results)
                        : config.onlyMemory
                                ? Report.memorySummary(results)
                                : config.onlyVerify
                                        ? Report.verifySummary(results)
                                        : config.onlyServing
                                                ? Report.servingSummary(results)
                                                : Report.summary(results));
        System.out.println("wrote " + out);
    }

    static Contender contender(String id) {
        switch (id) {
            case "kit":
                return KitEngine.CONTENDER;
            case "kit-identity":
                return KitEngine.IDENTITY;
            case "kit-inline":
                return KitEngine.INLINE;
            case "sitemapgen4j":
                return new Gen4jContender();
            case "jsitemapgenerator":
                return new JsitemapContender();
            case "floor":
                return new FloorContender(Machine.cores());
            case "floor-1":
                return new FloorContender(1);
            default:
                throw new IllegalArgumentException("unknown contender " + id);
        }
    }

    static Config parse(String[] args) {
        Config c = new Config();
        c.args.addAll(List.of(args));
        for (String a : args) {
            if (a.equals("--quick")) {
                c.quick = true;
                c.warmup = 1;
                c.runs = 3;
                c.memoryResolutionMb = 8;
                c.loadWarmup = 2;
                c.loadSeconds = 5;
                c.loadPasses = 1;
                c.pairs = 10;
                c.pairWarmup = 1;
            }
        }
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick":
                    break;
                case "--out":
                    c.out = Paths.get(value(args, ++i, a));
                    break;
                case "--runs":
                    c.runs = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--warmup":
                    c.warmup = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--urls":
                    c.urls = Long.parseLong(value(args, ++i, a).replace("_", ""));
                    break;
                case "--skip-memory":
                    c.memory = false;
                    break;
                case "--skip-serving":
                    c.serving = false;
                    break;
                case "--skip-diagnostics":
                    c.diagnostics = false;
                    break;
                case "--skip-engine":
                    c.engine = false;
                    break;
                case "--java-load":
                    c.javaLoad = true;
                    break;
                case "--only-serving":
                    c.onlyServing = true;
                    break;
                case "--only-generation-pairs":
                    c.onlyGenerationPairs = true;
                    break;
                case "--only-verify":
                    c.onlyVerify = true;
                    break;
                case "--only-memory":
                    c.onlyMemory = true;
                    break;
                case "--verify-rate":
                    c.verifyRate = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--verify-concurrency":
                    c.verifyConcurrency = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--verify-renders":
                    c.verifyRenders = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--pairs":
                    c.pairs = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--pair-warmup":
                    c.pairWarmup = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--no-pin":
                    c.pin = false;
                    break;
                case "--serving-floor":
                    // the floors always run now (the serving target is judged against the servlet floor):
                    // accepted so that earlier command lines still work
                    break;
                case "--serving-pages":
                    c.servingPages = names(value(args, ++i, a), Serving.PageSize::named);
                    break;
                case "--pair-load-seconds":
                    c.pairLoadSeconds = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--serving-kinds":
                    c.servingKinds = names(value(args, ++i, a), Serving.Kind::named);
                    break;
                case "--connections":
                    c.connections = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--load-seconds":
                    c.loadSeconds = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--load-warmup":
                    c.loadWarmup = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--load-passes":
                    c.loadPasses = Integer.parseInt(value(args, ++i, a));
                    break;
                case "--help":
                case "-h":
                    System.out.println(usage());
                    System.exit(0);
                    break;
                default:
                    System.err.println("unknown option " + a + "\n" + usage());
                    System.exit(2);
            }
        }
        if (c.runs < 1 || c.warmup < 0 || c.urls < 1) {
            throw new IllegalArgumentException("--runs must be >= 1, --warmup >= 0, --urls >= 1");
        }
        if (c.connections < 1 || c.loadSeconds < 1 || c.loadWarmup < 1 || c.loadPasses < 1 || c.pairLoadSeconds < 1) {
            throw new IllegalArgumentException("--connections, --load-seconds, --load-warmup, --load-passes and"
                    + " --pair-load-seconds must be >= 1");
        }
        if (c.onlyServing) {
            if (!c.serving) {
                throw new IllegalArgumentException("--only-serving and --skip-serving exclude each other");
            }
        }
        if ((c.onlyServing ? 1 : 0) + (c.onlyGenerationPairs ? 1 : 0) + (c.onlyVerify ? 1 : 0) + (c.onlyMemory ? 1 : 0)
                > 1) {
            throw new IllegalArgumentException(
                    "--only-serving, --only-generation-pairs, --only-verify and --only-memory exclude each other");
        }
        if (c.verifyRate < 1 || c.verifyConcurrency < 1 || c.verifyRenders < 1) {
            throw new IllegalArgumentException("--verify-rate, --verify-concurrency and --verify-renders must be >= 1");
        }
        if (c.pairs < 10 || c.pairWarmup < 1) {
            throw new IllegalArgumentException("--pairs must be >= 10 (a 95% interval needs them), --pair-warmup >= 1");
        }
        if (c.out == null) {
            // a partial run (--only-...) replaces only its own section of it
            c.out = Paths.get("BENCHMARKS.md");
        }
        return c;
    }

    /** The distinct values of a comma-separated list of names, in order. */
    private static <T> List<T> names(String list, java.util.function.Function<String, T> named) {
        return Arrays.stream(list.split(",")).map(named).distinct().toList();
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    static String usage() {
        return "usage: java -jar benchmarks/target/sitemapkit-benchmarks.jar [--quick] [--out BENCHMARKS.md]\n"
                + "  --quick             1 warm-up + 3 timed rounds, coarser heap search, 5 s load runs\n"
                + "  --out PATH          where to write the report (default ./BENCHMARKS.md)\n"
                + "  --runs N            timed rounds (default 5)      --warmup N   warm-up rounds (default 2)\n"
                + "  --urls N            URLs in the workload (default 1000000; the targets assume it)\n"
                + "  --skip-memory  --skip-serving  --skip-diagnostics  --java-load (in-process load generator, not wrk)\n"
                + "  --skip-engine       no gzip-level table, small pages or freshness\n"
                + "  --only-serving      only the serving benchmark (SitemapKit against the servlet floor in pairs, with\n"
                + "                      nginx, Jetty static and the Jetty core floor); replaces that section (and the\n"
                + "                      serving rows of the targets) in BENCHMARKS.md (or --out), leaving the rest as it is\n"
                + "  --only-generation-pairs  only SitemapKit against the floors in pairs; replaces that section (and the\n"
                + "                      floor rows of the targets) in BENCHMARKS.md (or --out), leaving the rest as it is\n"
                + "  --only-verify       only page verification under load: verify=all against verify=off in pairs, serving\n"
                + "                      p99 and render time; replaces that section of BENCHMARKS.md (or --out)\n"
                + "  --only-memory       only the smallest heap of each contender and the 10,000,000-URL run; replaces that\n"
                + "                      section (and the memory rows of the targets) in BENCHMARKS.md (or --out)\n"
                + "  --verify-rate N     verify-rate of the verified runs (default 200)  --verify-concurrency N  (default 8)\n"
                + "  --verify-renders N  re-renders timed in each run of the verify pairs (default 2)\n"
                + "  --pairs N           timed pairs against each floor, of verify runs, or of serving runs per request and\n"
                + "                      page (default 12, quick 10; at least 10)\n"
                + "  --pair-warmup N     warm-up pairs (default 2, quick 1)\n"
                + "  --connections N     wrk connections (default 32)  --load-seconds N  each load run (default 10)\n"
                + "  --load-warmup N     warm-up run (default 3 s)     --load-passes N   passes (default 2)\n"
                + "  --no-pin            leave wrk and the servers unpinned (default: wrk on one CPU, servers on the rest)\n"
                + "  --serving-kinds K   the requests to load, of GET,HEAD,304 (default all three)\n"
                + "  --serving-pages P   the pages to serve, of small,large (default both: 3 and 50,000 URLs)\n"
                + "  --pair-load-seconds N  each load run of the serving pairs (default 3)\n"
                + "  --serving-floor     accepted for earlier command lines: the servlet and Jetty core floors always run";
    }

    static Results run(Config config) throws Exception {
        Results r = new Results();
        r.config = config;
        r.started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        r.command = ProcessHandle.current()
                .info()
                .commandLine()
                .orElse("java -jar sitemapkit-benchmarks.jar " + String.join(" ", config.args));
        r.loadAverageBefore = Machine.loadAverage();
        System.out.println("SitemapKit benchmarks: " + config.urls + " URLs, "
                + (config.onlyGenerationPairs
                        ? "generation in pairs only"
                        : config.onlyVerify
                                ? "page verification under load only"
                                : config.onlyMemory
                                        ? "memory only"
                                        : config.warmup + " warm-up + " + config.runs + " timed rounds")
                + (config.quick ? " (quick)" : ""));
        System.out.println("machine: " + Machine.cores() + " cores, " + Machine.memory() + ", " + Machine.os() + ", "
                + Machine.jvm());
        Path scratch = Files.createTempDirectory("sitemapkit-bench-");
        try {
            if (config.onlyGenerationPairs) {
                r.pairs = GenerationPairs.run(config.urls, config.pairWarmup, config.pairs, scratch);
                return finish(r);
            }
            if (config.onlyMemory) {
                memory(config, r, scratch);
                return finish(r);
            }
            if (config.onlyVerify) {
                r.verify = VerifyBench.run(new VerifyBench.Settings(
                        config.urls,
                        config.pairWarmup,
                        config.pairs,
                        config.verifyRate,
                        config.verifyConcurrency,
                        config.connections,
                        config.loadWarmup,
                        config.loadSeconds,
                        config.verifyRenders,
                        config.pin));
                return finish(r);
            }
            if (!config.onlyServing) {
                timings(config, r, scratch);
                r.pairs = GenerationPairs.run(config.urls, config.pairWarmup, config.pairs, scratch);
            }
            if (config.engine && !config.onlyServing) {
                System.out.println("gzip levels (" + config.urls + " URLs, the engine's default page options):");
                r.levels = EngineBench.levels(config.urls, config.warmup > 0 ? 1 : 0, config.runs, scratch);
                System.out.println("small pages:");
                r.smallPages = EngineBench.smallPages(EngineBench.SMALL_PAGES, 1, config.runs);
                System.out.println("freshness (" + config.urls + " rows, stable pages, default settings):");
                r.freshness = FreshnessBench.run(config.urls, config.quick ? 8 : 20);
            }
            if (config.memory && !config.onlyServing) {
                memory(config, r, scratch);
            }
            if (config.serving) {
                System.out.println("serving:");
                try {
                    r.serving = new Serving(new Serving.Settings(
                                    config.connections,
                                    config.loadWarmup,
                                    config.loadSeconds,
                                    config.loadPasses,
                                    config.pairs,
                                    config.pairLoadSeconds,
                                    config.javaLoad,
                                    config.pin,
                                    config.servingKinds,
                                    config.servingPages))
                            .run();
                } catch (Exception e) {
                    e.printStackTrace();
                    r.serving = new Serving.Outcome();
                    r.serving.error = e.toString();
                }
            }
        } finally {
            deleteTree(scratch);
        }
        return finish(r);
    }

    private static Results finish(Results r) {
        r.loadAverageAfter = Machine.loadAverage();
        r.finished = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return r;
    }

    /** One timed run: wall seconds, the whole process's CPU seconds, and the cores other processes kept busy. */
    record Measured(double seconds, double cpuSeconds, double otherCores) {}

    /** Runs {@code contender} once into {@code target} after a {@code System.gc()}, and times it. */
    static Measured measure(Contender contender, long urls, Target target) throws Exception {
        System.gc();
        long[] jiffies = Machine.cpuJiffies();
        long cpu = Machine.processCpuNanos();
        long start = System.nanoTime();
        contender.run(urls, target);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (Machine.processCpuNanos() - cpu) / 1e9;
        return new Measured(
                seconds, cpuSeconds, Machine.otherCores(jiffies, Machine.cpuJiffies(), cpuSeconds, seconds));
    }

    private static void timings(Config config, Results r, Path scratch) throws Exception {
        List<Timing> all = new ArrayList<>();
        for (String id : List.of("kit", "sitemapgen4j", "jsitemapgenerator", "floor")) {
            all.add(new Timing(contender(id), false));
        }
        if (config.diagnostics) {
            all.add(new Timing(contender("kit-inline"), true));
            all.add(new Timing(contender("kit-identity"), true));
            all.add(new Timing(contender("floor-1"), true));
        }
        for (Timing t : all) {
            r.timings.put(t.contender.id(), t);
        }
        int rounds = config.warmup + config.runs;
        for (int round = 0; round < rounds; round++) {
            boolean timed = round >= config.warmup;
            boolean lastRound = round == rounds - 1;
            System.out.println((timed
                            ? "timed round " + (round - config.warmup + 1) + "/" + config.runs
                            : "warm-up round " + (round + 1) + "/" + config.warmup)
                    + ":");
            for (int k = 0; k < all.size(); k++) {
                Timing t = all.get((k + round) % all.size()); // rotate the order each round
                Path dir = Files.createTempDirectory(scratch, t.contender.id() + "-");
                try {
                    Measured m = measure(t.contender, config.urls, new Target.Dir(dir));
                    double seconds = m.seconds();
                    double cpuSeconds = m.cpuSeconds();
                    double others = m.otherCores();
                    long bytes = Verifier.bytes(dir);
                    int files = Verifier.files(dir).size();
                    String verified = "";
                    if (timed) {
                        t.seconds.add(seconds);
                        t.cpuSeconds.add(cpuSeconds);
                        t.otherCores.add(others);
                        t.bytes = bytes;
                        t.files = files;
                        boolean parse = t.diagnostic || config.quick ? lastRound : true;
                        if (parse) {
                            boolean xsd = t.xsdCheck() == null;
                            Verifier.Check c = Verifier.check(dir, xsd);
                            t.checks.add(c);
                            verified = String.format(
                                    Locale.ROOT,
                                    "  parsed back %,d URLs in %d pages, index %d entries%s%s",
                                    c.urls,
                                    c.pages,
                                    c.indexEntries,
                                    xsd ? ", XSD page " + shortXsd(c.pageXsd) + " index " + shortXsd(c.indexXsd) : "",
                                    c.problems.isEmpty() ? "" : ", PROBLEMS " + c.problems);
                        }
                    }
                    System.out.printf(
                            Locale.ROOT,
                            "  %-36s %7.3f s (cpu %6.3f s, others %4.2f cores) %,13d bytes %3d files%s%n",
                            t.contender.label(),
                            seconds,
                            cpuSeconds,
                            others,
                            bytes,
                            files,
                            verified);
                } finally {
                    deleteTree(dir);
                }
            }
        }
    }

    private static String shortXsd(String v) {
        return v.startsWith("valid") ? "valid" : "INVALID";
    }

    private static void memory(Config config, Results r, Path scratch) throws IOException {
        MemoryProbe probe = new MemoryProbe(scratch, config.memoryTimeoutSeconds);
        List<String> ids = new ArrayList<>(List.of("kit", "sitemapgen4j", "jsitemapgenerator", "floor"));
        if (config.diagnostics) {
            ids.add("kit-inline");
        }
        for (String id : ids) {
            System.out.println("smallest heap for " + id + " (" + config.urls + " URLs, -Xmx " + config.memoryLowMb
                    + ".." + config.memoryHighMb + " MiB, resolution " + config.memoryResolutionMb + " MiB):");
            r.memory.add(
                    probe.search(id, config.urls, config.memoryLowMb, config.memoryHighMb, config.memoryResolutionMb));
        }
        System.out.println("SitemapKit, " + config.bigUrls + " URLs at -Xmx" + config.bigHeapMb + "m:");
        r.big.add(probe.run("kit", config.bigUrls, config.bigHeapMb, config.bigTimeoutSeconds));
        if (config.diagnostics) {
            r.big.add(probe.run("kit-inline", config.bigUrls, config.bigHeapMb, config.bigTimeoutSeconds));
        }
    }

    static void deleteTree(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.delete(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            System.err.println("warning: cannot delete " + root + ": " + e);
        }
    }
}
