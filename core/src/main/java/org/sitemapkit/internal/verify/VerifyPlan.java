package org.sitemapkit.internal.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which URLs of a render a check asks for: a pure decision. Only the pages the render wrote anew
 * (an ETag the section before it did not serve) are checked; {@code all} takes every URL of them,
 * {@code sample} takes {@code n} spread evenly over them, from an offset that moves with each check
 * so that successive renders of an unchanged section look at different URLs.
 */
final class VerifyPlan {
    private VerifyPlan() {}

    /**
     * The URLs to read from one page.
     *
     * @param page the page's index in the section
     * @param positions 0-based entries of the page, ascending; null for all of them
     */
    record PagePick(int page, int[] positions) {}

    /**
     * @param urlCounts URLs on each page of the section
     * @param etags each page's ETag
     * @param before the ETags of the section before the render; empty for a first render
     * @param sample URLs to take; {@code Integer.MAX_VALUE} for all
     * @param turn how many checks this section had before, which moves the sample
     */
    static List<PagePick> plan(int[] urlCounts, String[] etags, Set<String> before, int sample, long turn) {
        List<Integer> fresh = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < urlCounts.length; i++) {
            if (!before.contains(etags[i]) && urlCounts[i] > 0) {
                fresh.add(i);
                total += urlCounts[i];
            }
        }
        List<PagePick> picks = new ArrayList<>();
        if (total == 0) {
            return picks;
        }
        if (sample >= total) {
            for (int i : fresh) {
                picks.add(new PagePick(i, null));
            }
            return picks;
        }
        // n positions over the fresh URLs as one sequence, a stride apart, from an offset within the stride
        double stride = (double) total / sample;
        long offset = Math.floorMod(turn * 7919L, Math.max(1L, (long) stride));
        int page = 0;
        long start = 0; // the sequence number of the current fresh page's first URL
        List<Integer> current = new ArrayList<>();
        for (int k = 0; k < sample; k++) {
            long at = Math.min(total - 1, offset + (long) (k * stride));
            while (at >= start + urlCounts[fresh.get(page)]) {
                flush(picks, fresh.get(page), current);
                start += urlCounts[fresh.get(page)];
                page++;
            }
            int pos = (int) (at - start);
            if (current.isEmpty() || current.get(current.size() - 1) < pos) {
                current.add(pos);
            }
        }
        flush(picks, fresh.get(page), current);
        return picks;
    }

    private static void flush(List<PagePick> picks, int page, List<Integer> positions) {
        if (!positions.isEmpty()) {
            picks.add(new PagePick(
                    page, positions.stream().mapToInt(Integer::intValue).toArray()));
            positions.clear();
        }
    }
}
