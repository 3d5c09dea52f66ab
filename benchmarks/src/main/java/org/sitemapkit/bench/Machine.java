package org.sitemapkit.bench;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the numbers were measured on. */
final class Machine {
    private Machine() {}

    static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }

    static String memory() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            long total = ((com.sun.management.OperatingSystemMXBean) os).getTotalMemorySize();
            return String.format(Locale.ROOT, "%.1f GiB", total / (1024.0 * 1024 * 1024));
        }
        return "unknown";
    }

    static String os() {
        String pretty = null;
        try {
            for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (line.startsWith("PRETTY_NAME=")) {
                    pretty = line.substring("PRETTY_NAME=".length()).replace("\"", "");
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch") + (pretty == null ? "" : " (" + pretty + ")");
    }

    static String jvm() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vm.vendor") + ")";
    }

    static String gc() {
        List<String> names = new ArrayList<>();
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            names.add(b.getName());
        }
        return String.join(", ", names);
    }

    static String maxHeap() {
        return String.format(Locale.ROOT, "%.0f MiB", Runtime.getRuntime().maxMemory() / (1024.0 * 1024));
    }

    /**
     * Whether this JVM's heap is fixed ({@code -Xms} equal to {@code -Xmx}): then a {@code System.gc()}
     * cannot give memory back, and a run does not pay the kernel to touch it anew.
     */
    static boolean fixedHeap() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return heap.getInit() > 0 && heap.getInit() == heap.getMax();
    }

    /** The heap's initial and largest size, for a report. */
    static String heap() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return String.format(
                Locale.ROOT,
                "initial %.0f MiB, max %.0f MiB%s",
                heap.getInit() / (1024.0 * 1024),
                heap.getMax() / (1024.0 * 1024),
                fixedHeap() ? " (fixed)" : "");
    }

    static String jvmArgs() {
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        return args.isEmpty() ? "(none)" : String.join(" ", args);
    }

    /** CPU time of this whole process so far, or 0 when the JVM cannot tell. */
    static long processCpuNanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return Math.max(0, ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime());
        }
        return 0;
    }

    /**
     * The machine's CPU jiffies from /proc/stat: {busy, total} over all cores, or null when not
     * on Linux. Busy is everything but idle and iowait.
     */
    static long[] cpuJiffies() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    long total = 0;
                    for (int i = 1; i < f.length && i <= 8; i++) {
                        total += Long.parseLong(f[i]);
                    }
                    long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
                    return new long[] {total - idle, total};
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return null;
    }

    /**
     * How many cores other processes kept busy on average between two {@link #cpuJiffies}
     * readings, given this process's CPU time and the wall time in between; NaN when unknown.
     */
    static double otherCores(long[] before, long[] after, double ownCpuSeconds, double wallSeconds) {
        if (before == null || after == null || after[1] <= before[1] || wallSeconds <= 0) {
            return Double.NaN;
        }
        double busyCores = cores() * (double) (after[0] - before[0]) / (after[1] - before[1]);
        return Math.max(0, busyCores - ownCpuSeconds / wallSeconds);
    }

    /** Nanoseconds in one clock tick of /proc's CPU times ({@code getconf CLK_TCK}, 100 when unknown). */
    static final long NANOS_PER_TICK = 1_000_000_000L / clockTicks();

    private static long clockTicks() {
        String out = Serving.Tools.output("getconf", "CLK_TCK");
        try {
            long ticks = out == null ? 100 : Long.parseLong(out.trim());
            return ticks > 0 ? ticks : 100;
        } catch (NumberFormatException e) {
            return 100;
        }
    }

    /**
     * CPU time (user and system) of this process's children that have ended and been waited for
     * (a load generator run to its end), from /proc/self/stat; 0 when not on Linux.
     */
    static long childrenCpuNanos() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * NANOS_PER_TICK; // cutime, cstime
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** CPU time (user and system) of a running process so far, from /proc, or -1 when it cannot be read. */
    static long cpuNanosOf(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * NANOS_PER_TICK; // utime, stime
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    static String loadAverage() {
        double l = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return l < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", l);
    }
}
