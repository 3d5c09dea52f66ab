package org.sitemapkit.internal.entry;

import java.lang.reflect.Method;
import java.util.Comparator;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * One {@code @SitemapEntry} as the processor indexes it and the reflection scanner finds it:
 * the same value from both, so the two can be compared field by field. Text fields are empty,
 * never null, when unset.
 */
public final class IndexedEntry implements Comparable<IndexedEntry> {
    private static final Comparator<IndexedEntry> ORDER = Comparator.comparing(IndexedEntry::className)
            .thenComparing(IndexedEntry::method)
            .thenComparing(IndexedEntry::template);

    private final String className;
    private final String method;
    private final String template;
    private final String section;
    private final String changefreq;
    private final String priority;
    private final String params;

    private IndexedEntry(Builder b) {
        className = require(b.className, "class");
        method = require(b.method, "method");
        template = require(b.template, "template");
        section = require(b.section, "section");
        changefreq = Objects.requireNonNullElse(b.changefreq, "");
        priority = Objects.requireNonNullElse(b.priority, "");
        params = Objects.requireNonNullElse(b.params, "");
    }

    private static String require(String value, String name) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("an index entry needs a " + name);
        }
        return value;
    }

    /** The method and its erased parameter types, as the processor writes it, e.g. {@code product(long,java.lang.String)}. */
    public static String descriptor(Method m) {
        StringJoiner j = new StringJoiner(",", m.getName() + "(", ")");
        for (Class<?> p : m.getParameterTypes()) {
            j.add(p.getTypeName());
        }
        return j.toString();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The binary name of the resource class, as {@code Class.forName} takes it. */
    public String className() {
        return className;
    }

    /** The method with its erased parameter types, e.g. {@code product(long,java.lang.String)}. */
    public String method() {
        return method;
    }

    /** The method's simple name. */
    public String methodName() {
        return method.substring(0, method.indexOf('('));
    }

    public String template() {
        return template;
    }

    public String section() {
        return section;
    }

    /** The lower-case changefreq word, or empty. */
    public String changefreq() {
        return changefreq;
    }

    /** The priority as {@code Double.toString} writes it, or empty. */
    public String priority() {
        return priority;
    }

    /** The binary name of the {@code PathParamsProvider}, or empty. */
    public String params() {
        return params;
    }

    @Override
    public int compareTo(IndexedEntry o) {
        return ORDER.compare(this, o);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof IndexedEntry)) {
            return false;
        }
        IndexedEntry e = (IndexedEntry) o;
        return className.equals(e.className)
                && method.equals(e.method)
                && template.equals(e.template)
                && section.equals(e.section)
                && changefreq.equals(e.changefreq)
                && priority.equals(e.priority)
                && params.equals(e.params);
    }

    @Override
    public int hashCode() {
        return Objects.hash(className, method, template, section, changefreq, priority, params);
    }

    @Override
    public String toString() {
        return className + "#" + method + " " + template + " [" + section
                + (changefreq.isEmpty() ? "" : " " + changefreq)
                + (priority.isEmpty() ? "" : " " + priority)
                + (params.isEmpty() ? "" : " params " + params) + "]";
    }

    public static final class Builder {
        private String className;
        private String method;
        private String template;
        private String section;
        private String changefreq;
        private String priority;
        private String params;

        private Builder() {}

        public Builder className(String value) {
            className = value;
            return this;
        }

        public Builder method(String value) {
            method = value;
            return this;
        }

        public Builder template(String value) {
            template = value;
            return this;
        }

        public Builder section(String value) {
            section = value;
            return this;
        }

        public Builder changefreq(String value) {
            changefreq = value;
            return this;
        }

        /** NaN means unset. */
        public Builder priority(double value) {
            priority = Double.isNaN(value) ? "" : Double.toString(value);
            return this;
        }

        public Builder priorityText(String value) {
            priority = value;
            return this;
        }

        public Builder params(String value) {
            params = value;
            return this;
        }

        public IndexedEntry build() {
            return new IndexedEntry(this);
        }
    }
}
