package org.sitemapkit.internal.feed;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The tables a data-changing SQL statement names, read from its text: what a bulk {@code UPDATE},
 * {@code DELETE} or {@code INSERT ... SELECT} may have changed, so that the sections fed by those
 * tables' entities re-render whole. Every table named after {@code UPDATE}, {@code FROM},
 * {@code INTO}, {@code TABLE}, {@code JOIN} or {@code USING} counts, a table only read by a
 * subquery too: a section rendered once more is harmless, one left stale is not. Pure and linear
 * in the text; never throws.
 */
final class BulkStatements {
    private static final Set<String> CHANGING =
            Set.of("update", "delete", "insert", "merge", "upsert", "replace", "truncate", "with");
    private static final Set<String> BEFORE_TABLE = Set.of("update", "from", "into", "table", "join", "using");
    private static final Set<String> ENDS_LIST =
            Set.of("set", "where", "values", "select", "on", "default", "returning", "output", "group", "order");

    private BulkStatements() {}

    /**
     * The tables {@code sql} names, unquoted, unqualified and in lower case; empty for a statement
     * that changes nothing (a {@code SELECT}, DDL other than {@code TRUNCATE}) or for null.
     */
    static Set<String> tables(String sql) {
        Set<String> tables = new LinkedHashSet<>();
        if (sql == null) {
            return tables;
        }
        int n = sql.length();
        int i = 0;
        boolean first = true;
        boolean inList = false; // after a table keyword, until a clause ends: "from a x, b y"
        boolean expectTable = false;
        String last = null; // the table just taken, which a '.' turns into a qualifier
        boolean qualified = false;
        while (i < n) {
            char c = sql.charAt(i);
            String name;
            boolean quoted = false;
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
                continue;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                continue;
            } else if (c == '"' || c == '`' || c == '[') {
                char close = c == '[' ? ']' : c;
                int end = sql.indexOf(close, i + 1);
                name = sql.substring(i + 1, end < 0 ? n : end);
                i = end < 0 ? n : end + 1;
                quoted = true;
            } else if (isNamePart(c)) {
                int start = i;
                while (i < n && isNamePart(sql.charAt(i))) {
                    i++;
                }
                name = sql.substring(start, i);
            } else {
                if (first) {
                    return tables;
                }
                i = c == '\'' ? skipString(sql, i + 1) : i + 1;
                if (c == '.' && last != null) {
                    qualified = true;
                    continue;
                }
                expectTable = c == ',' && inList;
                inList = expectTable;
                last = null;
                qualified = false;
                continue;
            }
            String lower = name.toLowerCase(Locale.ROOT);
            if (first) {
                if (quoted || !CHANGING.contains(lower)) {
                    return tables;
                }
                first = false;
            }
            if (qualified) {
                tables.remove(last); // a schema or catalog: the table's name comes after it
                tables.add(lower);
                last = lower;
                qualified = false;
            } else if (!quoted && BEFORE_TABLE.contains(lower)) {
                inList = true;
                expectTable = true;
                last = null;
            } else if (expectTable) {
                tables.add(lower);
                last = lower;
                expectTable = false;
            } else {
                last = null; // an alias, AS, or a word that ends the clause (SET, WHERE, VALUES)
                if (!quoted && ENDS_LIST.contains(lower)) {
                    inList = false;
                }
            }
        }
        return tables;
    }

    private static boolean isNamePart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** The index after the string literal that starts before {@code i} ({@code ''} escapes a quote). */
    private static int skipString(String sql, int i) {
        int n = sql.length();
        while (i < n) {
            if (sql.charAt(i) == '\'') {
                if (i + 1 < n && sql.charAt(i + 1) == '\'') {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return n;
    }
}
