package org.sitemapkit.jaxrs.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.sitemapkit.internal.entry.IndexedEntry;

/**
 * The index the processor writes into each jar: UTF-8 text, a version line, a column line, then
 * one entry per line sorted by class, method and template, fields separated by tabs, {@code -}
 * for an unset field and {@code \t \n \r \\} escaped. Plain text so that a diff of two builds
 * or {@code unzip -p} shows what a jar will contribute.
 */
public final class IndexFile {
    private IndexFile() {}

    /** Where every jar (and {@code WEB-INF/classes}) keeps its index. */
    public static final String RESOURCE = "META-INF/sitemapkit/jaxrs-entries.tsv";

    static final String VERSION_LINE = "# sitemapkit-jaxrs entries 1";
    static final String COLUMNS_LINE = "# class\tmethod\ttemplate\tsection\tchangefreq\tpriority\tparams";

    /** The whole file for these entries, byte-identical for the same set in any order. */
    public static String write(Collection<IndexedEntry> entries) {
        StringBuilder b = new StringBuilder();
        b.append(VERSION_LINE).append('\n').append(COLUMNS_LINE).append('\n');
        for (IndexedEntry e : new TreeSet<>(entries)) {
            b.append(escape(e.className()))
                    .append('\t')
                    .append(escape(e.method()))
                    .append('\t')
                    .append(escape(e.template()))
                    .append('\t')
                    .append(escape(e.section()))
                    .append('\t')
                    .append(field(e.changefreq()))
                    .append('\t')
                    .append(field(e.priority()))
                    .append('\t')
                    .append(field(e.params()))
                    .append('\n');
        }
        return b.toString();
    }

    /**
     * Reads one file; {@code origin} (its URL) names it in errors.
     *
     * @throws IllegalArgumentException for a file of another version or a malformed line
     */
    public static List<IndexedEntry> read(Reader in, String origin) throws IOException {
        BufferedReader r = new BufferedReader(in);
        String first = r.readLine();
        if (first == null || !first.equals(VERSION_LINE)) {
            throw new IllegalArgumentException(origin + ": not a sitemapkit-jaxrs index of version 1 (first line \""
                    + first + "\"); rebuild it with this version's processor");
        }
        List<IndexedEntry> entries = new ArrayList<>();
        int lineNo = 1;
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            lineNo++;
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 7) {
                throw new IllegalArgumentException(
                        origin + ":" + lineNo + ": expected 7 tab-separated fields, found " + f.length);
            }
            try {
                entries.add(IndexedEntry.builder()
                        .className(unescape(f[0]))
                        .method(unescape(f[1]))
                        .template(unescape(f[2]))
                        .section(unescape(f[3]))
                        .changefreq(unfield(f[4]))
                        .priorityText(unfield(f[5]))
                        .params(unfield(f[6]))
                        .build());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(origin + ":" + lineNo + ": " + e.getMessage(), e);
            }
        }
        return entries;
    }

    private static String field(String value) {
        return value.isEmpty() ? "-" : escape(value);
    }

    private static String unfield(String value) {
        return value.equals("-") ? "" : unescape(value);
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\':
                    b.append("\\\\");
                    break;
                case '\t':
                    b.append("\\t");
                    break;
                case '\n':
                    b.append("\\n");
                    break;
                case '\r':
                    b.append("\\r");
                    break;
                default:
                    b.append(c);
            }
        }
        return b.toString();
    }

    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (++i == s.length()) {
                throw new IllegalArgumentException("dangling '\\' in \"" + s + "\"");
            }
            char e = s.charAt(i);
            switch (e) {
                case '\\':
                    b.append('\\');
                    break;
                case 't':
                    b.append('\t');
                    break;
                case 'n':
                    b.append('\n');
                    break;
                case 'r':
                    b.append('\r');
                    break;
                default:
                    throw new IllegalArgumentException("unknown escape '\\" + e + "' in \"" + s + "\"");
            }
        }
        return b.toString();
    }
}
