package org.sitemapkit.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.zip.GZIPInputStream;

/**
 * The generation benchmark whose verdict holds: SitemapKit's public writer and each floor (all
 * cores, and one thread) alternated in one JVM after warm-up, in pairs, the order swapped every
 * pair; each pair writes both outputs to files and checks that they are the same bytes (the floor's
 * pages decompress to SitemapKit's, the indexes are equal). Judged on the median of the per-pair
 * ratios SitemapKit ÷ floor, wall time and process CPU, with its distribution-free 95% interval
 * ({@link StoresBench#medianInterval}): a target is met only when the whole interval is at or under
 * it, not met when the whole interval is over it, and inconclusive otherwise.
 */
final class GenerationPairs {
    private GenerationPairs() {}

    /** The targets: SitemapKit's CPU and wall time at most this many times the floor's. */
    static final double TARGET = 1.05;

    /** One pair: SitemapKit's run and the floor's, and which ran first. */
    record Pair(int number, boolean kitFirst, Main.Measured kit, Main.Measured floor) {
        double wallRatio() {
            return kit.seconds() / floor.seconds();
        }

        double cpuRatio() {
            return kit.cpuSeconds() / floor.cpuSeconds();
        }

        /** The cores other processes kept busy over the pair, the two runs weighted by their time. */
        double otherCores() {
            return (kit.otherCores() * kit.seconds() + floor.otherCores() * floor.seconds())
                    / (kit.seconds() + floor.seconds());
        }
    }

    /** SitemapKit against one floor: its pairs and what the byte checks found. */
    static final class Series {
        final Contender floor;
        final List<Pair> pairs = new ArrayList<>();
        /** Pairs (warm-up included) whose two outputs were checked and found the same bytes. */
        int identical;

        final List<String> differences = new ArrayList<>();
        /** The bytes each wrote in the last pair (the gzip pages and the index): the deflates differ. */
        long kitBytes;

        long floorBytes;
        int files;

        Series(Contender floor) {
            this.floor = floor;
        }

        Interval wall() {
            return Interval.of(pairs, Pair::wallRatio);
        }

        Interval cpu() {
            return Interval.of(pairs, Pair::cpuRatio);
        }
    }

    /** The median of the per-pair ratios and its distribution-free interval. */
    record Interval(double median, double low, double high, double coverage, int k, int pairs) {
        static Interval of(List<Pair> pairs, ToDoubleFunction<Pair> ratio) {
            List<Double> ratios = new ArrayList<>();
            for (Pair p : pairs) {
                ratios.add(ratio.applyAsDouble(p));
            }
            return ofRatios(ratios);
        }

        /** The median of {@code ratios}, one a pair in any order, and its interval. */
        static Interval ofRatios(List<Double> ratios) {
            List<Double> sorted = new ArrayList<>(ratios);
            sorted.sort(null);
            double[] ci = StoresBench.medianInterval(sorted);
            return ci == null
                    ? new Interval(Main.Timing.median(sorted), Double.NaN, Double.NaN, Double.NaN, 0, sorted.size())
                    : new Interval(Main.Timing.median(sorted), ci[0], ci[1], ci[2], (int) ci[3], sorted.size());
        }

        /** "met", "NOT met" or "inconclusive", against a target that the ratio must stay at or under. */
        String verdict(double target) {
            if (Double.isNaN(low)) {
                return "inconclusive";
            }
            return high <= target ? "met" : low > target ? "NOT met" : "inconclusive";
        }

        /**
         * "met", "NOT met" or "inconclusive", against a target that the ratio must reach or pass (a
         * throughput's): met when the whole interval is at or above it, not met when it is all below.
         */
        String verdictAtLeast(double target) {
            if (Double.isNaN(low)) {
                return "inconclusive";
            }
            return low >= target ? "met" : high < target ? "NOT met" : "inconclusive";
        }

        String range() {
            return Double.isNaN(low)
                    ? "too few pairs for an interval"
                    : String.format(Locale.ROOT, "%.3f–%.3f", low, high);
        }
    }

    /** Everything the report's section is made from. */
    static final class Outcome {
        long urls;
        int warmup;
        Instant started;
        Instant finished;
        String loadAverageBefore;
        String loadAverageAfter;
        final List<Series> series = new ArrayList<>();
        /** Parse-back and XSD checks of the first timed pair's outputs, by label. */
        final Map<String, Verifier.Check> checks = new LinkedHashMap<>();

        boolean sameBytes() {
            return series.stream().allMatch(s -> s.differences.isEmpty() && s.identical > 0);
        }

        /** Every run's other load, SitemapKit's and the floors'. */
        List<Double> otherCores() {
            List<Double> all = new ArrayList<>();
            for (Series s : series) {
                for (Pair p : s.pairs) {
                    all.add(p.kit().otherCores());
                    all.add(p.floor().otherCores());
                }
            }
            return all.stream().filter(d -> !d.isNaN()).toList();
        }
    }

    static Outcome run(long urls, int warmup, int pairs, Path scratch) throws Exception {
        Outcome o = new Outcome();
        o.urls = urls;
        o.warmup = warmup;
        o.started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        o.loadAverageBefore = Machine.loadAverage();
        Contender kit = Main.contender("kit");
        o.series.add(new Series(Main.contender("floor")));
        o.series.add(new Series(Main.contender("floor-1")));
        System.out.println("generation in pairs (" + urls + " URLs): " + warmup + " warm-up + " + pairs
                + " timed pairs against each floor, the order swapped every pair; heap " + Machine.heap());
        if (!Machine.fixedHeap()) {
            System.out.println("  the heap is not fixed: each run also pays for touching memory a full GC gave back;"
                    + " run with -Xms equal to -Xmx to measure the code alone");
        }
        for (int p = 0; p < warmup + pairs; p++) {
            boolean timed = p >= warmup;
            boolean kitFirst = ((p - warmup) & 1) == 0;
            for (Series s : o.series) {
                Path kitDir = Files.createTempDirectory(scratch, "pair-kit-");
                Path floorDir = Files.createTempDirectory(scratch, "pair-" + s.floor.id() + "-");
                try {
                    Main.Measured k;
                    Main.Measured f;
                    if (kitFirst) {
                        k = Main.measure(kit, urls, new Target.Dir(kitDir));
                        f = Main.measure(s.floor, urls, new Target.Dir(floorDir));
                    } else {
                        f = Main.measure(s.floor, urls, new Target.Dir(floorDir));
                        k = Main.measure(kit, urls, new Target.Dir(kitDir));
                    }
                    String difference = difference(kitDir, floorDir);
                    s.kitBytes = Verifier.bytes(kitDir);
                    s.floorBytes = Verifier.bytes(floorDir);
                    s.files = Verifier.files(floorDir).size();
                    if (difference == null) {
                        s.identical++;
                    } else {
                        s.differences.add(
                                (timed ? "pair " + (p - warmup + 1) : "warm-up " + (p + 1)) + ": " + difference);
                    }
                    String verified = "";
                    if (p == warmup) {
                        if (!o.checks.containsKey(kit.label())) {
                            o.checks.put(kit.label(), Verifier.check(kitDir, true));
                        }
                        Verifier.Check c = Verifier.check(floorDir, true);
                        o.checks.put(
                                "the " + (s.floor.id().equals("floor-1") ? "one-thread floor" : s.floor.label()), c);
                        verified = String.format(
                                Locale.ROOT,
                                ", floor parsed back %,d URLs, XSD page %s index %s",
                                c.urls,
                                c.pageXsd,
                                c.indexXsd);
                    }
                    Pair pair = new Pair(p - warmup + 1, kitFirst, k, f);
                    if (timed) {
                        s.pairs.add(pair);
                    }
                    System.out.printf(
                            Locale.ROOT,
                            "  %s %-30s kit %6.3f s cpu %6.3f s | floor %6.3f s cpu %6.3f s | wall %.3f cpu %.3f"
                                    + " | others %4.2f cores | %s%s%n",
                            timed ? String.format(Locale.ROOT, "pair %2d", pair.number()) : "warm-up",
                            (kitFirst ? "kit first, " : "floor first, ") + s.floor.label(),
                            k.seconds(),
                            k.cpuSeconds(),
                            f.seconds(),
                            f.cpuSeconds(),
                            pair.wallRatio(),
                            pair.cpuRatio(),
                            pair.otherCores(),
                            difference == null ? "same bytes" : "DIFFERENT: " + difference,
                            verified);
                } finally {
                    Main.deleteTree(kitDir);
                    Main.deleteTree(floorDir);
                }
            }
        }
        o.loadAverageAfter = Machine.loadAverage();
        o.finished = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return o;
    }

    /**
     * Null when both directories hold the same files with the same bytes, the gzip pages compared
     * decompressed (the deflate differs by design); else the first difference.
     */
    static String difference(Path kitDir, Path floorDir) throws IOException {
        List<Path> a = Verifier.files(kitDir);
        List<Path> b = Verifier.files(floorDir);
        List<String> names = a.stream().map(p -> p.getFileName().toString()).toList();
        if (!names.equals(b.stream().map(p -> p.getFileName().toString()).toList())) {
            return "files " + names + " vs "
                    + b.stream().map(p -> p.getFileName().toString()).toList();
        }
        for (String name : names) {
            boolean gzip = name.endsWith(".gz");
            try (InputStream x = open(kitDir.resolve(name), gzip);
                    InputStream y = open(floorDir.resolve(name), gzip)) {
                long at = firstDifference(x, y);
                if (at >= 0) {
                    return name + " differs" + (gzip ? " decompressed" : "") + " at byte " + at;
                }
            }
        }
        return null;
    }

    private static InputStream open(Path file, boolean gzip) throws IOException {
        InputStream in = Files.newInputStream(file);
        return gzip ? new GZIPInputStream(in, 1 << 16) : in;
    }

    /** The offset of the first byte in which the two streams differ (a shorter one differs at its end), or -1. */
    private static long firstDifference(InputStream x, InputStream y) throws IOException {
        byte[] a = new byte[1 << 16];
        byte[] b = new byte[1 << 16];
        long offset = 0;
        while (true) {
            int n = x.readNBytes(a, 0, a.length);
            int m = y.readNBytes(b, 0, b.length);
            int mismatch = Arrays.mismatch(a, 0, n, b, 0, m);
            if (mismatch >= 0) {
                return offset + mismatch;
            }
            if (n == 0) {
                return -1;
            }
            offset += n;
        }
    }
}
