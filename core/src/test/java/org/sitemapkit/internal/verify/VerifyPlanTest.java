package org.sitemapkit.internal.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which URLs a check asks for: only pages the render wrote anew, all of them or a spread sample. */
class VerifyPlanTest {
    private static final int[] COUNTS = {50_000, 50_000, 1_234};
    private static final String[] ETAGS = {"a", "b", "c"};

    @Test
    void allTakesEveryUrlOfTheNewPagesOnly() {
        List<VerifyPlan.PagePick> picks = VerifyPlan.plan(COUNTS, ETAGS, Set.of("b"), Integer.MAX_VALUE, 0);
        assertEquals(
                List.of(0, 2), picks.stream().map(VerifyPlan.PagePick::page).toList());
        picks.forEach(p -> assertNull(p.positions(), "every URL of the page"));
    }

    @Test
    void aSampleIsSpreadEvenlyOverTheNewUrlsAndHasExactlyItsSize() {
        List<VerifyPlan.PagePick> picks = VerifyPlan.plan(COUNTS, ETAGS, Set.of(), 20, 3);
        assertEquals(
                List.of(0, 1), picks.stream().map(VerifyPlan.PagePick::page).toList(), "10 and 10");
        assertEquals(10, picks.get(0).positions().length);
        int total = 0;
        for (VerifyPlan.PagePick p : picks) {
            int previous = -1;
            for (int pos : p.positions()) {
                assertTrue(pos > previous && pos < COUNTS[p.page()], p.page() + ": " + pos);
                previous = pos;
            }
            total += p.positions().length;
        }
        assertEquals(20, total);
    }

    @Test
    void overSuccessiveChecksEveryPageIsLookedAt() {
        java.util.Set<Integer> pages = new java.util.TreeSet<>();
        for (int turn = 0; turn < 20; turn++) {
            VerifyPlan.plan(COUNTS, ETAGS, Set.of(), 20, turn).forEach(p -> pages.add(p.page()));
        }
        assertEquals(Set.of(0, 1, 2), pages, "the small last page too");
    }

    @Test
    void successiveChecksOfAnUnchangedSectionLookAtOtherUrls() {
        assertNotEquals(
                positions(VerifyPlan.plan(COUNTS, ETAGS, Set.of(), 20, 0)),
                positions(VerifyPlan.plan(COUNTS, ETAGS, Set.of(), 20, 1)));
    }

    @Test
    void aSampleLargerThanTheNewUrlsTakesThemAll() {
        List<VerifyPlan.PagePick> picks =
                VerifyPlan.plan(new int[] {3, 4}, new String[] {"x", "y"}, Set.of("x"), 20, 0);
        assertEquals(1, picks.size());
        assertEquals(1, picks.get(0).page());
        assertNull(picks.get(0).positions());
    }

    @Test
    void nothingNewNothingAsked() {
        assertEquals(List.of(), VerifyPlan.plan(COUNTS, ETAGS, Set.of("a", "b", "c"), 20, 0));
        assertEquals(List.of(), VerifyPlan.plan(new int[] {0}, new String[] {"e"}, Set.of(), 20, 0));
    }

    @Test
    void aSampleOfOnePageWithOneUrlEach() {
        int[] counts = new int[100];
        String[] etags = new String[100];
        for (int i = 0; i < 100; i++) {
            counts[i] = 1;
            etags[i] = "p" + i;
        }
        List<VerifyPlan.PagePick> picks = VerifyPlan.plan(counts, etags, Set.of(), 10, 5);
        assertEquals(10, picks.size(), "ten pages, one URL each");
        picks.forEach(p -> assertEquals(0, p.positions()[0]));
    }

    private static List<String> positions(List<VerifyPlan.PagePick> picks) {
        List<String> out = new ArrayList<>();
        picks.forEach(p -> {
            for (int pos : p.positions()) {
                out.add(p.page() + ":" + pos);
            }
        });
        return out;
    }
}
