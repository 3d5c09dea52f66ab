package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Setting;
import org.sitemapkit.internal.config.SettingsExtension;
import org.sitemapkit.internal.config.SettingsReader;
import org.sitemapkit.internal.config.SettingsTable;

/** The extension declares its own keys: core knows them through ServiceLoader, the docs list them. */
class JaxrsSettingsTest {
    @Test
    void coreLearnsTheExtensionsKeysFromTheExtension() {
        assertEquals(
                List.of("jaxrs.base-path"), SettingsExtension.keysIn(getClass().getClassLoader()));
        Map<String, String> values = Map.of("sitemapkit.jaxrs.base-path", "/api");
        SettingsReader.Layer layer = new SettingsReader.Layer("test", values.keySet(), values::get);
        new SettingsReader(
                        List.of(layer),
                        () -> SettingsExtension.keysIn(getClass().getClassLoader()))
                .read();
        IllegalArgumentException typo = assertThrows(
                IllegalArgumentException.class,
                () -> new SettingsReader(List.of(
                                new SettingsReader.Layer("test", List.of("sitemapkit.jaxrs.base-pth"), k -> "/api")))
                        .read());
        assertTrue(typo.getMessage().contains("sitemapkit.jaxrs.base-pth"), typo.getMessage());
    }

    @Test
    void theConfigurationPageListsTheKeyAfterCoresTable() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "configuration.md"), StandardCharsets.UTF_8);
        SettingsExtension jaxrs =
                ServiceLoader.load(SettingsExtension.class).findFirst().orElseThrow();
        for (Setting<String> key : jaxrs.keys()) {
            assertTrue(page.contains(SettingsTable.markdown() + key.row()), key.row());
        }
    }
}
