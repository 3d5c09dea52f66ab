package org.sitemapkit.internal.entry;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A resource path as JAX-RS builds it from the class and method {@code @Path}, and as Spring MVC
 * maps it: literal text, {@code {name}} variables, and variables with a regular expression
 * ({@code {id: \d+}}), whose value must match it whole, as the request's would to reach the
 * method. Shared by the annotation processor and the runtimes so that all read a template alike.
 */
public final class PathTemplate {
    /** The longest expression a variable may carry; a route needs far less. */
    static final int MAX_REGEX = 256;

    private final String text;
    private final List<String> literals;
    private final List<String> variables;
    /** Per variable occurrence, its expression, or null for a plain {@code {name}}. */
    private final List<Pattern> patterns;

    private PathTemplate(String text, List<String> literals, List<String> variables, List<Pattern> patterns) {
        this.text = text;
        this.literals = literals;
        this.variables = variables;
        this.patterns = patterns;
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
        List<Pattern> patterns = new ArrayList<>();
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
            String name = (colon < 0 ? inner : inner.substring(0, colon)).trim();
            Pattern pattern = null;
            if (colon >= 0) {
                String regex = inner.substring(colon + 1).trim();
                if (regex.length() > MAX_REGEX) {
                    // Java compiles an expression recursively: a bound keeps a stored index from
                    // nesting it deep enough to overflow the stack.
                    throw new IllegalArgumentException("regular expression in " + var.substring(0, 40) + "... is over "
                            + MAX_REGEX + " characters, in path \"" + text + "\"");
                }
                try {
                    pattern = Pattern.compile(regex);
                } catch (PatternSyntaxException e) {
                    throw new IllegalArgumentException(
                            "bad regular expression in " + var + " in path \"" + text + "\": " + e.getDescription());
                }
            }
            if (!isName(name)) {
                throw new IllegalArgumentException("bad template variable " + var + " in path \"" + text
                        + "\": a name is a letter, digit or '_' then letters, digits, '_', '-' or '.'");
            }
            literals.add(PathEncoding.literal(literal.toString()));
            literal.setLength(0);
            variables.add(name);
            patterns.add(pattern);
            i = end + 1;
        }
        literals.add(PathEncoding.literal(literal.toString()));
        return new PathTemplate(text, List.copyOf(literals), List.copyOf(variables), new ArrayList<>(patterns));
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
     * {@link #problem}); a variable used twice takes the same value twice.
     */
    public String expand(Function<String, String> values) {
        if (variables.isEmpty()) {
            return literals.get(0);
        }
        StringBuilder b = new StringBuilder(64);
        for (int i = 0; i < variables.size(); i++) {
            b.append(literals.get(i));
            String value = values.apply(variables.get(i));
            if (valueProblem(value) != null || !matches(i, value)) {
                return null;
            }
            PathEncoding.value(b, value);
        }
        return b.append(literals.get(variables.size())).toString();
    }

    /**
     * Whether a percent-encoded path (under the context root) is one this template makes: its
     * literals in place, each variable one non-empty segment part its expression (if any) matches
     * once decoded. For explaining a URL no source row produced.
     */
    public boolean matchesPath(String path) {
        StringBuilder regex = new StringBuilder("^");
        for (int i = 0; i < variables.size(); i++) {
            regex.append(Pattern.quote(literals.get(i))).append("([^/]+)");
        }
        regex.append(Pattern.quote(literals.get(variables.size()))).append("/?$");
        java.util.regex.Matcher m = Pattern.compile(regex.toString()).matcher(path);
        if (!m.matches()) {
            return false;
        }
        for (int i = 0; i < variables.size(); i++) {
            String value;
            try {
                value = java.net.URLDecoder.decode(
                        m.group(i + 1).replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return false;
            }
            if (!matches(i, value)) {
                return false;
            }
        }
        return true;
    }

    private boolean matches(int occurrence, String value) {
        Pattern p = patterns.get(occurrence);
        return p == null || p.matcher(value).matches();
    }

    /**
     * Why {@code value} cannot fill variable {@code name} of this template, or null when it can:
     * a {@link #valueProblem}, or a value its expression does not match.
     */
    public String problem(String name, String value) {
        String problem = valueProblem(value);
        if (problem != null) {
            return problem;
        }
        for (int i = 0; i < variables.size(); i++) {
            if (variables.get(i).equals(name) && !matches(i, value)) {
                return "\"" + value + "\" does not match " + patterns.get(i).pattern();
            }
        }
        return null;
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
