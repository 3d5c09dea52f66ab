package org.sitemapkit.internal.entry;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * A resource path as JAX-RS builds it from the class and method {@code @Path}: literal text and
 * {@code {name}} variables. Shared by the annotation processor and the runtime so that both
 * read a template alike; variables with a regular expression ({@code {id: \d+}}) are refused,
 * because a value could not be checked against the expression without running it.
 */
public final class PathTemplate {
    private final String text;
    private final List<String> literals;
    private final List<String> variables;

    private PathTemplate(String text, List<String> literals, List<String> variables) {
        this.text = text;
        this.literals = literals;
        this.variables = variables;
    }

    /**
     * The full path of a resource method: the class path then the method path (either may be
     * null or empty), joined by one {@code /}, with a leading {@code /} and no trailing one.
     */
    public static String join(String classPath, String methodPath) {
        StringBuilder b = new StringBuilder();
        for (String part : new String[] {classPath, methodPath}) {
            String p = trimSlashes(part);
            if (!p.isEmpty()) {
                b.append('/').append(p);
            }
        }
        return b.length() == 0 ? "/" : b.toString();
    }

    private static String trimSlashes(String s) {
        if (s == null) {
            return "";
        }
        int from = 0;
        int to = s.length();
        while (from < to && s.charAt(from) == '/') {
            from++;
        }
        while (to > from && s.charAt(to - 1) == '/') {
            to--;
        }
        return s.substring(from, to);
    }

    /** Parses a template; the message of the exception says what is wrong and where. */
    public static PathTemplate parse(String text) {
        List<String> literals = new ArrayList<>();
        List<String> variables = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '}') {
                throw new IllegalArgumentException("unbalanced '}' at " + i + " in path \"" + text + "\"");
            }
            if (c != '{') {
                literal.append(c);
                i++;
                continue;
            }
            int depth = 0;
            int end = -1;
            for (int j = i; j < text.length(); j++) {
                char d = text.charAt(j);
                if (d == '{') {
                    depth++;
                } else if (d == '}' && --depth == 0) {
                    end = j;
                    break;
                }
            }
            if (end < 0) {
                throw new IllegalArgumentException("unclosed '{' at " + i + " in path \"" + text + "\"");
            }
            String inner = text.substring(i + 1, end);
            String var = text.substring(i, end + 1);
            int colon = inner.indexOf(':');
            if (colon >= 0) {
                throw new IllegalArgumentException("regex template variables are not supported: " + var
                        + " in path \"" + text + "\"; use a plain {"
                        + inner.substring(0, colon).trim()
                        + "} and let the provider supply only valid values");
            }
            String name = inner.trim();
            if (!isName(name)) {
                throw new IllegalArgumentException("bad template variable " + var + " in path \"" + text
                        + "\": a name is a letter, digit or '_' then letters, digits, '_', '-' or '.'");
            }
            literals.add(PathEncoding.literal(literal.toString()));
            literal.setLength(0);
            variables.add(name);
            i = end + 1;
        }
        literals.add(PathEncoding.literal(literal.toString()));
        return new PathTemplate(text, List.copyOf(literals), List.copyOf(variables));
    }

    private static boolean isName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '_'
                    || (i > 0 && (c == '-' || c == '.'));
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The template as written, e.g. {@code /products/{id}/{slug}}. */
    public String text() {
        return text;
    }

    public boolean hasVariables() {
        return !variables.isEmpty();
    }

    /** The distinct variable names, in order of first use. */
    public Set<String> variables() {
        return new LinkedHashSet<>(variables);
    }

    /**
     * The percent-encoded path for these values, or null when a value is unusable (see
     * {@link #valueProblem}); a variable used twice takes the same value twice.
     */
    public String expand(Function<String, String> values) {
        if (variables.isEmpty()) {
            return literals.get(0);
        }
        StringBuilder b = new StringBuilder(64);
        for (int i = 0; i < variables.size(); i++) {
            b.append(literals.get(i));
            String value = values.apply(variables.get(i));
            if (valueProblem(value) != null) {
                return null;
            }
            PathEncoding.value(b, value);
        }
        return b.append(literals.get(variables.size())).toString();
    }

    /**
     * Why a value cannot fill a {@code {name}} variable, or null when it can. A plain variable
     * matches exactly one non-empty path segment, so {@code /} could never route back to the
     * method; {@code ;} starts matrix parameters, dot segments are removed by clients, and the
     * encoded {@code %} and {@code \} ({@code %25}, {@code %5C}) are refused by Servlet 6
     * containers such as Jetty 12 as ambiguous.
     */
    public static String valueProblem(String value) {
        if (value == null) {
            return "is missing or null";
        }
        if (value.isEmpty()) {
            return "is empty";
        }
        if (value.equals(".") || value.equals("..")) {
            return "is a dot segment \"" + value + "\"";
        }
        if (value.indexOf('/') >= 0) {
            return "contains '/', which no single path segment can carry";
        }
        if (value.indexOf(';') >= 0) {
            return "contains ';', which starts matrix parameters";
        }
        if (value.indexOf('%') >= 0 || value.indexOf('\\') >= 0) {
            return "contains '" + (value.indexOf('%') >= 0 ? "%" : "\\") + "', whose encoded form Servlet 6"
                    + " containers (Jetty 12) refuse as ambiguous with a 400";
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isSurrogate(c)) {
                boolean paired = Character.isHighSurrogate(c)
                        && i + 1 < value.length()
                        && Character.isLowSurrogate(value.charAt(i + 1));
                if (!paired) {
                    return "has an unpaired surrogate";
                }
                i++;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return text;
    }
}
