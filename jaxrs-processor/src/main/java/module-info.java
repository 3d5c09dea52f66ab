/**
 * The {@code @SitemapEntry} annotation processor. It runs inside javac only: put this artifact on
 * the annotation processor path, never on the run-time class path.
 */
module org.sitemapkit.jaxrs.processor {
    // The annotation, and the index format and rules shared with the runtime (a qualified export).
    requires org.sitemapkit.jaxrs;
    requires transitive java.compiler;

    exports org.sitemapkit.jaxrs.processor;

    provides javax.annotation.processing.Processor with
            org.sitemapkit.jaxrs.processor.SitemapEntryProcessor;
}
