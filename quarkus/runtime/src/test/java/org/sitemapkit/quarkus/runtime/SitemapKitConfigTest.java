package org.sitemapkit.quarkus.runtime;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Setting;
import org.sitemapkit.internal.config.SettingsExtension;
import org.sitemapkit.internal.config.SettingsTable;
import org.sitemapkit.testsupport.Generated;

/**
 * {@link SitemapKitConfig}, the config root Quarkus documents, is the settings table: every key of core and of
 * sitemapkit-jaxrs, with its line of documentation and its default. Written by {@code -Dconfig.update=true},
 * compared otherwise, so a key added to the table cannot be missing from Quarkus' configuration reference.
 */
class SitemapKitConfigTest {
    static final Path FILE = Path.of("src/main/java/org/sitemapkit/quarkus/runtime/SitemapKitConfig.java");

    @Test
    void theConfigRootIsTheSettingsTable() throws Exception {
        List<Setting<?>> keys = new ArrayList<>(SettingsTable.KEYS);
        for (SettingsExtension e :
                ServiceLoader.load(SettingsExtension.class, getClass().getClassLoader())) {
            keys.addAll(e.keys());
        }
        Generated.check(FILE, source(keys), "config.update");
    }

    static String source(List<Setting<?>> keys) {
        Map<String, List<Setting<?>>> groups = new LinkedHashMap<>();
        List<Setting<?>> top = new ArrayList<>();
        for (Setting<?> k : keys) {
            int dot = k.key().indexOf('.');
            if (dot < 0) {
                top.add(k);
            } else {
                groups.computeIfAbsent(k.key().substring(0, dot), g -> new ArrayList<>())
                        .add(k);
            }
        }
        StringBuilder b = new StringBuilder();
        b.append("package org.sitemapkit.quarkus.runtime;\n\n")
                .append("import io.quarkus.runtime.annotations.ConfigDocDefault;\n")
                .append("import io.quarkus.runtime.annotations.ConfigPhase;\n")
                .append("import io.quarkus.runtime.annotations.ConfigRoot;\n")
                .append("import io.smallrye.config.ConfigMapping;\n")
                .append("import java.util.Optional;\n\n")
                .append("/**\n")
                .append(
                        " * SitemapKit's settings, declared to Quarkus so that its configuration reference, Dev UI and IDE\n")
                .append(
                        " * completion list them. SitemapKit reads and checks the values itself, as on every runtime: each is\n")
                .append(
                        " * text here. Generated from the settings table by SitemapKitConfigTest ({@code -Dconfig.update=true}).\n")
                .append(" */\n")
                .append("@ConfigMapping(prefix = \"sitemapkit\")\n")
                .append("@ConfigRoot(phase = ConfigPhase.RUN_TIME)\n")
                .append("public interface SitemapKitConfig {\n");
        boolean first = true;
        for (Setting<?> k : top) {
            if (!first) {
                b.append('\n');
            }
            first = false;
            method(b, "    ", k, k.key());
        }
        for (Map.Entry<String, List<Setting<?>>> g : groups.entrySet()) {
            String type = camel("-" + g.getKey());
            b.append("\n    /**\n     * The {@code sitemapkit.")
                    .append(g.getKey())
                    .append(".*} keys.\n     *\n     * @return those settings\n     */\n");
            b.append("    ").append(type).append(' ').append(camel(g.getKey())).append("();\n");
            b.append("\n    /** The {@code sitemapkit.").append(g.getKey()).append(".*} keys. */\n");
            b.append("    interface ").append(type).append(" {\n");
            boolean firstInGroup = true;
            for (Setting<?> k : g.getValue()) {
                if (!firstInGroup) {
                    b.append('\n');
                }
                firstInGroup = false;
                method(b, "        ", k, k.key().substring(g.getKey().length() + 1));
            }
            b.append("    }\n");
        }
        return b.append("}\n").toString();
    }

    private static void method(StringBuilder b, String indent, Setting<?> k, String name) {
        String text = javadoc(capitalized(k.meaning()) + (k.meaning().endsWith(".") ? "" : "."));
        b.append(indent).append("/**\n");
        for (String line : wrap(text, 120 - indent.length() - 3)) {
            b.append(indent).append(" * ").append(line).append('\n');
        }
        b.append(indent).append(" *\n");
        List<String> returns = wrap(
                "@return the value of {@code sitemapkit." + k.key() + "}, for example " + javadoc(k.example())
                        + "; when unset, "
                        + javadoc(k.defaultText()),
                120 - indent.length() - 3);
        for (int i = 0; i < returns.size(); i++) {
            b.append(indent)
                    .append(" * ")
                    .append(i == 0 ? "" : "    ")
                    .append(returns.get(i))
                    .append('\n');
        }
        b.append(indent).append(" */\n");
        String literal = k.literalDefault();
        if (literal != null) {
            b.append(indent)
                    .append("@ConfigDocDefault(\"")
                    .append(literal.replace("\\", "\\\\").replace("\"", "\\\""))
                    .append("\")\n");
        }
        b.append(indent).append("Optional<String> ").append(camel(name)).append("();\n");
    }

    /** Markdown to Javadoc's HTML: code spans, links keep their text, and nothing Javadoc would read as a tag. */
    static String javadoc(String markdown) {
        String s = markdown.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("@", "&#64;")
                .replace("*/", "*&#47;")
                .replace("{", "&#123;")
                .replace("}", "&#125;");
        s = s.replaceAll("\\[([^]]*)]\\([^)]*\\)", "$1");
        s = s.replaceAll("\\*\\*([^*]+)\\*\\*", "<b>$1</b>");
        return s.replaceAll("`([^`]*)`", "<code>$1</code>");
    }

    private static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    private static String camel(String kebab) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char c : kebab.toCharArray()) {
            if (c == '-') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
