package org.sitemapkit.spring;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Setting;
import org.sitemapkit.testsupport.Generated;

/**
 * The IDE metadata ({@code META-INF/spring-configuration-metadata.json}) is the settings table:
 * every key, its type, default, the words it takes, and its line of documentation. Written by
 * {@code -Dmetadata.update=true}, compared otherwise, so a key added to the table cannot be
 * missing from the IDE.
 */
class ConfigurationMetadataTest {
    static final Path FILE = Path.of("src/main/resources/META-INF/spring-configuration-metadata.json");

    @Test
    void theMetadataIsTheSettingsTable() throws Exception {
        Generated.check(FILE, metadata(SpringSettings.keys(getClass().getClassLoader())), "metadata.update");
    }

    static String metadata(List<Setting<?>> keys) {
        StringBuilder b = new StringBuilder();
        b.append("{\n  \"groups\": [\n    {\n      \"name\": \"sitemapkit\",\n")
                .append("      \"description\": \"SitemapKit: sitemaps and robots.txt served by the application.\"\n")
                .append("    }\n  ],\n  \"properties\": [\n");
        for (int i = 0; i < keys.size(); i++) {
            Setting<?> k = keys.get(i);
            b.append("    {\n");
            b.append("      \"name\": ").append(json("sitemapkit." + k.key())).append(",\n");
            b.append("      \"type\": ").append(json(k.javaType())).append(",\n");
            String literal = k.literalDefault();
            if (literal != null) {
                String value = k.javaType().startsWith("java.util.List")
                        ? Arrays.stream(literal.split(",\\s*"))
                                .map(ConfigurationMetadataTest::json)
                                .collect(Collectors.joining(", ", "[", "]"))
                        : json(literal);
                b.append("      \"defaultValue\": ").append(value).append(",\n");
            }
            b.append("      \"description\": ")
                    .append(json(capitalized(SpringSettings.plain(k.meaning())) + ". Default: "
                            + SpringSettings.plain(k.defaultText()) + "."))
                    .append("\n");
            b.append(i + 1 < keys.size() ? "    },\n" : "    }\n");
        }
        b.append("  ],\n  \"hints\": [\n");
        List<Setting<?>> hinted =
                keys.stream().filter(k -> !k.words().isEmpty()).toList();
        for (int i = 0; i < hinted.size(); i++) {
            Setting<?> k = hinted.get(i);
            b.append("    {\n      \"name\": ")
                    .append(json("sitemapkit." + k.key()))
                    .append(",\n");
            b.append("      \"values\": [\n");
            for (int j = 0; j < k.words().size(); j++) {
                b.append("        {\n          \"value\": ")
                        .append(json(k.words().get(j)))
                        .append("\n        }");
                b.append(j + 1 < k.words().size() ? ",\n" : "\n");
            }
            b.append("      ]\n");
            b.append(i + 1 < hinted.size() ? "    },\n" : "    }\n");
        }
        return b.append("  ]\n}\n").toString();
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
