package org.sitemapkit.quarkus.runtime;

import io.quarkus.arc.runtime.BeanContainerListener;
import io.quarkus.runtime.annotations.Recorder;
import java.util.List;
import org.sitemapkit.jaxrs.internal.BuiltIndex;

/** Hands the build's {@code @SitemapEntry} entries to sitemapkit-jaxrs when the application starts. */
@Recorder
public class SitemapKitRecorder {
    /** For Quarkus, which makes it. */
    public SitemapKitRecorder() {}

    /**
     * The application's entries, as the index file of sitemapkit-jaxrs writes them: they replace every such file
     * on the class path for the application that runs in the current class loader. Set when the CDI container is
     * made, so before Quarkus REST, which needs the container, configures sitemapkit-jaxrs' Feature.
     *
     * @param lines the entries, in the index file's format, one line an item (a class file's string constant
     *     holds at most 64 KiB, and an application may have thousands of entries)
     * @return what sets them, for the container to call once it is made
     */
    public BeanContainerListener entries(List<String> lines) {
        String index = String.join("\n", lines) + "\n";
        return container -> {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            BuiltIndex.set(loader != null ? loader : SitemapKitRecorder.class.getClassLoader(), index);
        };
    }
}
