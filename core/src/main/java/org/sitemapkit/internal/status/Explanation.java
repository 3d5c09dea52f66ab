package org.sitemapkit.internal.status;

import java.util.List;

/**
 * Why one URL is, or is not, in the sitemap of a site: the answer of {@code
 * /sitemap.html?explain=}, of JMX's {@code explain} and of Actuator's {@code sitemapkit/explain}.
 *
 * @param url the URL asked about, as asked
 * @param outcome {@code listed}; {@code skipped} (a source gives it, a rule leaves it out); {@code
 *     not-yet} (a source gives it now, after the last render); {@code not-produced} (a route could
 *     make it, no row of its source did); {@code unknown} (nothing on this site produces it); {@code
 *     not-on-this-site}; {@code not-a-url}; {@code busy} (another explanation is reading the sources)
 * @param facts what was found, in order, each a label and its text
 */
public record Explanation(String url, String outcome, List<Fact> facts) {
    public Explanation {
        facts = List.copyOf(facts);
    }

    /** One line of an explanation: {@code section}, {@code products}. */
    public record Fact(String label, String text) {}

    /** The whole answer as text, one line per fact, for JMX and logs. */
    public String text() {
        StringBuilder b = new StringBuilder(url).append(": ").append(outcome);
        for (Fact f : facts) {
            b.append('\n').append(f.label()).append(": ").append(f.text());
        }
        return b.toString();
    }
}
