package org.sitemapkit.servers;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The contract on a bare Tomcat whose WARs bring Jersey and Weld Servlet in WEB-INF/lib: the fast CDI check,
 * in this JVM.
 */
class TomcatWeldIT extends ServerContract {

    @Override
    Server start(List<Path> wars) {
        return TomcatWeldServer.start(wars);
    }

    /**
     * No MicroProfile Health here, and Weld's reflection discovery loads every class of sitemapkit-jaxrs: the
     * health check's extension must leave no trace, neither a warning nor a class it failed to load. The
     * settings line, which prints {@code health-down}, is the only mention of health.
     */
    @Order(102)
    @Test
    void withoutMicroProfileHealthNothingMentionsIt() {
        List<String> lines = ServerLog.lines(server.log());
        assertTrue(
                lines.stream().anyMatch(l -> l.contains("WELD-ENV-000014")),
                "Weld scanned the WARs by reflection, loading their classes: " + server.log());
        List<String> health = lines.stream()
                .filter(l -> {
                    String lower = l.toLowerCase(Locale.ROOT);
                    return (lower.contains("health") && !lower.contains("health-down=never"))
                            || lower.contains("microprofile")
                            || l.contains("NoClassDefFoundError")
                            || l.contains("WELD-000119");
                })
                .toList();
        assertTrue(health.isEmpty(), () -> server.log() + ": " + first(health));
    }
}
