package org.sitemapkit.internal.status;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * What the last check of a section's listed pages against the application's own answers found on
 * this node, as the status views show it: the check runs after a render, so it is about the pages
 * that render wrote.
 *
 * @param at when the check ended
 * @param checked URLs asked
 * @param failed of them, those a crawler would not take as listed (a redirect, a 404, a
 *     {@code noindex}, a canonical elsewhere, an unconfirmed hreflang, no answer in time)
 * @param unreachable URLs that could not be asked: the application did not answer at its address
 *     at all (no fault of the page, so neither passed nor failed)
 * @param problems failures by problem ({@code NOT_FOUND}, {@code NOINDEX_META}, ...)
 * @param examples the first failures, each {@code url (PROBLEM: detail)}
 * @param excluded URLs left out of the section's renders for a failed check ({@code verify-action=exclude})
 */
public record VerifyFindings(
        Instant at,
        int checked,
        int failed,
        int unreachable,
        Map<String, Long> problems,
        List<String> examples,
        int excluded) {
    public VerifyFindings {
        problems = Map.copyOf(problems);
        examples = List.copyOf(examples);
    }

    /** Whether every URL checked passed. */
    public boolean clean() {
        return failed == 0;
    }

    /** In one line: {@code 3 of 20 failed (NOT_FOUND 2, NOINDEX_META 1)}, or {@code 20 checked, all pass}. */
    public String summary() {
        String more = (unreachable > 0 ? "; " + unreachable + " not asked (the application did not answer)" : "")
                + (excluded > 0 ? "; " + excluded + " excluded" : "");
        if (failed == 0) {
            return checked + " checked, all pass" + more;
        }
        StringJoiner by = new StringJoiner(", ", " (", ")");
        new java.util.TreeMap<>(problems).forEach((p, n) -> by.add(p + " " + n));
        return failed + " of " + checked + " failed" + by + more;
    }
}
