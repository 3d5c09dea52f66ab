package org.sitemapkit.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns SitemapKit's start-up failures into Boot's "APPLICATION FAILED TO START" report. */
final class SitemapKitFailureAnalyzer extends AbstractFailureAnalyzer<SitemapKitStartupException> {
    SitemapKitFailureAnalyzer() {}

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SitemapKitStartupException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
