package org.sitemapkit.internal.config;

import java.util.List;
import java.util.Objects;

/**
 * One setting, declared once in {@link SettingsTable}: its key, the group that reads it, its type
 * (how its text is parsed, what it refuses, how it is printed), its default, how the start-up line
 * shows it, and its row of docs/configuration.md.
 *
 * @param <T> the type of the setting's value
 */
public final class Setting<T> {
    /** Which part of {@link Settings} reads a setting. */
    public enum Group {
        /** {@link Settings} itself, such as {@code base-url}. */
        GENERAL,
        /** {@link Settings#paging()}. */
        PAGING,
        /** {@link Settings#timing()}. */
        TIMING,
        /** {@link Settings#store()}. */
        STORE,
        /** {@link Settings#robots()}. */
        ROBOTS,
        /** {@link Settings#indexnow()}. */
        INDEXNOW,
        /** {@link Settings#verify()}. */
        VERIFY,
        /** Not core: an extension module declares the key and reads it itself (see {@link SettingsExtension}). */
        EXTENSION
    }

    /** How the start-up line shows a value. */
    enum Shown {
        /** As written; {@code null} when unset. */
        VALUE,
        /** Only {@code set} or {@code none}: the value is a secret. */
        SECRET,
        /** As written, and left out when unset or empty. */
        WHEN_SET
    }

    private final String key;
    private final Group group;
    private final Type<T> type;
    private final T defaultValue;
    private final Shown shown;
    private final Setting<?> onlyWith;
    private final Object onlyWithValue;
    private final String defaultText;
    private final String example;
    private final String meaning;
    private final int index;

    private Setting(Draft<T> d, String defaultText, String example, String meaning, int index) {
        this.key = d.key;
        this.group = d.group;
        this.type = d.type;
        this.defaultValue = d.defaultValue;
        this.shown = d.shown;
        this.onlyWith = d.onlyWith;
        this.onlyWithValue = d.onlyWithValue;
        this.defaultText = defaultText;
        this.example = example;
        this.meaning = meaning;
        this.index = index;
    }

    /**
     * A key an extension module reads itself, declared so that core knows it is no typo.
     *
     * @param key the key without the {@code sitemapkit.} prefix
     * @param defaultText the default as the documentation writes it
     * @param example an example value, as documented
     * @param meaning the line of documentation
     * @return the setting, of group {@link Group#EXTENSION}
     */
    public static Setting<String> extension(String key, String defaultText, String example, String meaning) {
        return new Draft<>(key, Group.EXTENSION, Type.TEXT, null, null).doc(defaultText, example, meaning);
    }

    /** The key without the {@code sitemapkit.} prefix. */
    public String key() {
        return key;
    }

    /** The part of {@link Settings} that reads it, or {@link Group#EXTENSION}. */
    public Group group() {
        return group;
    }

    /** The value when nothing sets it; null for none. */
    public T defaultValue() {
        return defaultValue;
    }

    /** The Java type tools show for it (Spring's configuration metadata). */
    public String javaType() {
        return type.javaName();
    }

    /** The words it takes, when it takes only some; else empty. */
    public List<String> words() {
        return type.words();
    }

    /** The default as the documentation writes it. */
    public String defaultText() {
        return defaultText;
    }

    /**
     * The default as a value, for the generated metadata of IDEs and Quarkus: the documented default when it is one
     * code span ({@code `15m`}); null when it is "none" or prose.
     *
     * @return the value, or null
     */
    public String literalDefault() {
        String text = defaultText;
        if (text.length() > 2
                && text.startsWith("`")
                && text.endsWith("`")
                && text.indexOf('`', 1) == text.length() - 1) {
            return text.substring(1, text.length() - 1);
        }
        return null;
    }

    /** An example value, as documented. */
    public String example() {
        return example;
    }

    /** The line of documentation. */
    public String meaning() {
        return meaning;
    }

    /**
     * The key's row of the configuration table.
     *
     * @return one Markdown table row
     */
    public String row() {
        return "| `" + key + "` | " + defaultText + " | " + example + " | " + meaning + " |";
    }

    /**
     * The value {@code text} writes, checked.
     *
     * @param text the value as a properties file writes it
     * @return the value to keep
     * @throws IllegalArgumentException saying why, without the key
     */
    public T parse(String text) {
        return type.parse(text);
    }

    /**
     * The value to keep for {@code value}: itself, or as settings keep it (hosts in lower case).
     *
     * @param value the value, or null for none
     * @return the value to keep
     * @throws IllegalArgumentException saying why, without the key
     * @throws NullPointerException naming the key, for null where the setting has a default
     */
    public T check(T value) {
        if (value == null) {
            if (defaultValue != null) {
                throw new NullPointerException(SettingsReader.PREFIX + key);
            }
            return null;
        }
        return type.check(value);
    }

    /**
     * The refusal of a value, naming the key, the value and where it came from.
     *
     * @param value the value as given
     * @param where where it came from, such as {@code context-param}
     * @param why the refusal that says why
     * @return {@code bad SitemapKit setting sitemapkit.<key>="<value>" (<where>): <why>}
     */
    public IllegalArgumentException refused(Object value, String where, IllegalArgumentException why) {
        return new IllegalArgumentException(
                "bad SitemapKit setting " + SettingsReader.PREFIX + key + "=\"" + value + "\" (" + where + "): "
                        + why.getMessage(),
                why);
    }

    /** Where {@link Settings} keeps the value: the declaration's place in {@link SettingsTable#KEYS}. */
    int index() {
        return index;
    }

    /** The value as the start-up line shows it in {@code settings}, or null to leave it out. */
    String shown(Settings settings) {
        if (onlyWith != null && !Objects.equals(settings.get(onlyWith), onlyWithValue)) {
            return null;
        }
        T value = settings.get(this);
        if (shown == Shown.SECRET) {
            return value == null ? "none" : "set";
        }
        if (shown == Shown.WHEN_SET && (value == null || value instanceof List<?> l && l.isEmpty())) {
            return null;
        }
        return print(value);
    }

    /** The value as a setting writes it. */
    String print(T value) {
        return value == null ? "null" : type.print(value);
    }

    @Override
    public String toString() {
        return SettingsReader.PREFIX + key;
    }

    /**
     * A declaration under way: its key, group, type and default, then optionally how it is shown;
     * {@link #doc} ends it.
     *
     * @param <T> the type of the value
     */
    static final class Draft<T> {
        private final String key;
        private final Group group;
        private final Type<T> type;
        private final T defaultValue;
        private final List<Setting<?>> table;
        private Shown shown = Shown.VALUE;
        private Setting<?> onlyWith;
        private Object onlyWithValue;

        Draft(String key, Group group, Type<T> type, T defaultValue, List<Setting<?>> table) {
            this.key = key;
            this.group = group;
            this.type = type;
            this.defaultValue = defaultValue;
            this.table = table;
        }

        /** How the start-up line shows it; {@link Shown#VALUE} unless said. */
        Draft<T> shown(Shown value) {
            shown = value;
            return this;
        }

        /** Shown only while {@code setting} has {@code value}, the only case in which it means anything. */
        <U> Draft<T> shownOnlyWith(Setting<U> setting, U value) {
            onlyWith = setting;
            onlyWithValue = value;
            return this;
        }

        /**
         * Ends the declaration with its row of docs/configuration.md, and appends it to its table.
         *
         * @param defaultText the default as the documentation writes it
         * @param example an example value, as documented
         * @param meaning the line of documentation
         * @return the setting
         */
        Setting<T> doc(String defaultText, String example, String meaning) {
            Setting<T> s = new Setting<>(this, defaultText, example, meaning, table == null ? -1 : table.size());
            if (table != null) {
                table.add(s);
            }
            return s;
        }
    }
}
