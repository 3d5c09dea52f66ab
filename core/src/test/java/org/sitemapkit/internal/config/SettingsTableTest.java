package org.sitemapkit.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The table of settings is the documentation's: same keys, same defaults, same words. */
class SettingsTableTest {
    @Test
    void theConfigurationPageShowsExactlyTheTable() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "configuration.md"), StandardCharsets.UTF_8);
        assertTrue(
                page.contains(SettingsTable.markdown()),
                "docs/configuration.md must contain the settings table exactly as SettingsTable declares it:\n"
                        + SettingsTable.markdown());
    }

    @Test
    void everyDocumentedLiteralDefaultIsTheDefault() {
        int checked = 0;
        for (Setting<?> key : SettingsTable.KEYS) {
            String d = key.defaultText();
            if (!d.startsWith("`") || !d.endsWith("`") || d.indexOf('`', 1) != d.length() - 1) {
                continue; // "none", or a default that depends on the container
            }
            String literal = d.substring(1, d.length() - 1);
            Settings read = new SettingsReader(List.of(new SettingsReader.Layer(
                            "test",
                            List.of("sitemapkit." + key.key()),
                            Map.of("sitemapkit." + key.key(), literal)::get)))
                    .read();
            assertEquals(Settings.defaults(), read, key.key() + " is documented with the default " + d);
            checked++;
        }
        assertEquals(31, checked, "settings with a literal default");
    }

    /**
     * Every key's documented example is taken by its declaration, and changes what the start-up
     * line shows of that key.
     */
    @Test
    void everyDocumentedExampleReachesItsOwnKey() {
        Settings before = jcacheStore().build();
        for (Setting<?> key : SettingsTable.KEYS) {
            Settings after = withExample(key);
            assertNotEquals(
                    key.shown(before),
                    key.shown(after),
                    key.key() + " = " + key.example() + " is printed as its default");
        }
    }

    /** A store given in code is not the store setting's default: the start-up line does not claim it is. */
    @Test
    void aStoreGivenInCodeIsNotPrintedAsTheSetting() {
        Settings s = Settings.builder().storeDir("/var/cache/sitemapkit").build();
        assertTrue(s.toString().contains("store=memory"), s.toString());
        assertTrue(s.toString().contains("store-dir=/var/cache/sitemapkit"), s.toString());
        String printed = s.toString(true);
        assertTrue(printed.contains("store=set in code"), printed);
        assertFalse(printed.contains("store=memory") || printed.contains("store-dir="), printed);
    }

    @Test
    void theReaderKnowsEveryKeyOfTheTableAndNoOther() {
        assertEquals(SettingsTable.KEYS.size(), SettingsReader.KEYS.size());
        for (Setting<?> key : SettingsTable.KEYS) {
            assertTrue(SettingsReader.KEYS.contains(key.key()), key.key());
        }
    }

    @Test
    void settingsPrintEveryKeyOfTheTableAndNoSecret() {
        Settings s = Settings.builder()
                .indexnowKey("0123456789abcdef")
                .store(Settings.StoreKind.JCACHE)
                .exclude(List.of("/cart$"))
                .build();
        String printed = s.toString();
        for (Setting<?> key : SettingsTable.KEYS) {
            if (!key.key().equals("store-dir") && !key.key().equals("additional-sitemaps")) {
                assertTrue(printed.contains(key.key() + "="), key.key() + " in " + printed);
            }
        }
        assertTrue(printed.startsWith("SitemapSettings{base-url=null, "), printed);
        assertTrue(printed.contains("indexnow-key=set") && !printed.contains("0123456789abcdef"), printed);
        assertTrue(!Settings.defaults().toString().contains("jcache-cache="), "only with the JCache store");
    }

    /** The table is every declaration of {@link SettingsTable}, each once, at the place its values are kept. */
    @Test
    void everyDeclarationIsInTheTableOnce() throws Exception {
        Set<Setting<?>> declared = new HashSet<>();
        for (Field f : SettingsTable.class.getDeclaredFields()) {
            if (f.getType() == Setting.class) {
                assertTrue(Modifier.isPublic(f.getModifiers()) && Modifier.isStatic(f.getModifiers()), f.getName());
                declared.add((Setting<?>) f.get(null));
            }
        }
        assertEquals(declared, Set.copyOf(SettingsTable.KEYS));
        assertEquals(SettingsTable.KEYS.size(), SettingsReader.KEYS.size(), "no key declared twice");
        for (int i = 0; i < SettingsTable.KEYS.size(); i++) {
            Setting<?> key = SettingsTable.KEYS.get(i);
            assertEquals(i, key.index(), key.key());
            assertNotEquals(Setting.Group.EXTENSION, key.group(), key.key());
        }
    }

    /**
     * Settings equal when every value does, and differ when any one does: each key's example makes
     * settings that differ from those without it, and equal to themselves made again.
     */
    @Test
    void everyKeyTakesPartInEquality() {
        Settings without = jcacheStore().build();
        for (Setting<?> key : SettingsTable.KEYS) {
            Settings once = withExample(key);
            Settings again = withExample(key);
            assertNotEquals(without, once, key.key());
            assertNotEquals(without.hashCode(), once.hashCode(), key.key());
            assertEquals(once, again, key.key());
            assertEquals(once.hashCode(), again.hashCode(), key.key());
        }
    }

    /** What the start-up line prints of a value, the key's parser reads back as that value (lists aside). */
    @Test
    void everyPrintedValueReadsBack() {
        for (Setting<?> key : SettingsTable.KEYS) {
            if (!key.javaType().startsWith("java.util.List")) {
                readsBack(key, Settings.defaults());
                readsBack(key, withExample(key));
            }
        }
    }

    /** A group's accessors read keys of that group only (Settings.Part refuses any other). */
    @Test
    void eachGroupReadsItsOwnKeys() throws Exception {
        Settings s = withExample(SettingsTable.INDEXNOW_KEY);
        for (Object part : List.of(s.paging(), s.timing(), s.store(), s.robots(), s.indexnow())) {
            int read = 0;
            for (Method m : part.getClass().getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && m.getParameterCount() == 0) {
                    assertNotNull(m.invoke(part), m.toString());
                    read++;
                }
            }
            assertTrue(read > 1, part.toString());
        }
        assertEquals(
                "Paging{max-urls=50000, max-bytes=10485760, index=auto, gzip-locs=false}",
                s.paging().toString());
        assertNotEquals(s.indexnow(), Settings.defaults().indexnow());
        assertEquals(s.paging(), Settings.defaults().paging());
    }

    /** The JCache store, so that jcache-cache applies. */
    private static Settings.Builder jcacheStore() {
        return Settings.builder().store(Settings.StoreKind.JCACHE);
    }

    /** With the JCache store, and the key's documented example. */
    private static Settings withExample(Setting<?> key) {
        String e = key.example();
        String example = e.startsWith("`") ? e.substring(1, e.indexOf('`', 1)) : "0123456789abcdefXYZ";
        Settings.Builder b = jcacheStore();
        parseInto(b, key, example);
        return b.build();
    }

    private static <T> void readsBack(Setting<T> key, Settings settings) {
        T value = settings.get(key);
        if (value != null) {
            assertEquals(value, key.parse(key.print(value)), key.key() + " printed as " + key.print(value));
        }
    }

    private static <T> void parseInto(Settings.Builder b, Setting<T> key, String text) {
        b.set(key, key.parse(text));
    }
}
