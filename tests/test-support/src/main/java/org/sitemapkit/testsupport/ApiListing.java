package org.sitemapkit.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The exported API of a module as text: every public type of its unqualified exports with its
 * public and protected members, one sorted line each. Checked in beside the module and compared on
 * every build, so that an unplanned change to the API fails the build; {@code -Dapi.update=true}
 * writes the listing anew for a planned one.
 */
public final class ApiListing {
    private ApiListing() {}

    /**
     * Compares the API of the module compiled into {@code classes} with {@code listing}, or writes
     * it there when {@code api.update} is set.
     *
     * @param classes the module's compiled classes, with its module-info.class
     * @param listing the checked-in listing
     */
    public static void check(Path classes, Path listing) throws IOException, ClassNotFoundException {
        compare(listing(classes), listing);
    }

    /**
     * As {@link #check(Path, Path)}, for a module without a {@code module-info} (an automatic
     * module, named in its manifest): {@code packages} are its API.
     *
     * @param name the module's name
     * @param packages the packages that are its API
     */
    public static void check(Path classes, String name, List<String> packages, Path listing)
            throws IOException, ClassNotFoundException {
        TreeSet<String> lines = new TreeSet<>();
        for (String p : packages) {
            types(classes, p, lines);
        }
        compare(text(name, lines), listing);
    }

    private static void compare(String actual, Path listing) throws IOException {
        if (Boolean.getBoolean("api.update")) {
            Files.writeString(listing, actual, StandardCharsets.UTF_8);
            return;
        }
        String expected = Files.exists(listing) ? Files.readString(listing, StandardCharsets.UTF_8) : "";
        assertEquals(
                expected,
                actual,
                "The exported API changed. If that was planned, run the build with -Dapi.update=true, review the"
                        + " diff of " + listing.getFileName() + " and commit it with a line in CHANGELOG.md.");
    }

    /** The listing of the module compiled into {@code classes}, its classes loaded from this class path. */
    static String listing(Path classes) throws IOException, ClassNotFoundException {
        ModuleDescriptor module;
        try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
            module = ModuleDescriptor.read(in);
        }
        TreeSet<String> lines = new TreeSet<>();
        for (ModuleDescriptor.Exports export : module.exports()) {
            if (export.isQualified()) {
                continue; // exported to named modules only: not API
            }
            types(classes, export.source(), lines);
        }
        return text(module.name(), lines);
    }

    private static String text(String module, TreeSet<String> lines) {
        return "# " + module + ": the exported API, one line per public type and member\n" + String.join("\n", lines)
                + "\n";
    }

    /** The lines of every type a user can name in {@code pkg}. */
    private static void types(Path classes, String pkg, TreeSet<String> lines)
            throws IOException, ClassNotFoundException {
        Path dir = classes.resolve(pkg.replace('.', '/'));
        List<String> names;
        try (Stream<Path> files = Files.list(dir)) {
            names = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".class") && !n.equals("package-info.class"))
                    .map(n -> pkg + "." + n.substring(0, n.length() - ".class".length()))
                    .collect(Collectors.toList());
        }
        for (String name : names) {
            Class<?> type = Class.forName(name, false, ApiListing.class.getClassLoader());
            if (visible(type)) {
                type(type, lines);
            }
        }
    }

    /** Public, and every enclosing type public too: what a user can name. */
    private static boolean visible(Class<?> type) {
        for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
            if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass() || t.isSynthetic()) {
                return false;
            }
        }
        return true;
    }

    private static void type(Class<?> type, TreeSet<String> lines) {
        String name = type.getName();
        StringBuilder head = new StringBuilder(name).append(" : ");
        head.append(Modifier.toString(type.getModifiers() & ~Modifier.STATIC & ~Modifier.INTERFACE));
        head.append(' ').append(kind(type));
        if (type.getGenericSuperclass() != null
                && type.getSuperclass() != Object.class
                && type.getSuperclass() != Record.class
                && type.getSuperclass() != Enum.class) {
            head.append(" extends ").append(type.getGenericSuperclass().getTypeName());
        }
        List<String> interfaces = new ArrayList<>();
        for (Type i : type.getGenericInterfaces()) {
            interfaces.add(i.getTypeName());
        }
        if (!interfaces.isEmpty()) {
            head.append(type.isInterface() ? " extends " : " implements ").append(String.join(", ", interfaces));
        }
        lines.add(head.toString().replace("  ", " "));
        boolean subclassable = !Modifier.isFinal(type.getModifiers()) && !type.isEnum() && !type.isRecord();
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            member(name, c, subclassable, lines);
        }
        for (Method m : type.getDeclaredMethods()) {
            if (!m.isSynthetic() && !m.isBridge()) {
                member(name, m, subclassable, lines);
            }
        }
        for (Field f : type.getDeclaredFields()) {
            if (!f.isSynthetic()) {
                member(name, f, subclassable, lines);
            }
        }
    }

    private static void member(String type, Member m, boolean subclassable, TreeSet<String> lines) {
        int modifiers = m.getModifiers();
        if (!(Modifier.isPublic(modifiers) || subclassable && Modifier.isProtected(modifiers))) {
            return;
        }
        String text = m instanceof Executable e ? e.toGenericString() : ((Field) m).toGenericString();
        lines.add(type + " :: " + text.replace(type + ".", "").replace("java.lang.", ""));
    }

    private static String kind(Class<?> type) {
        if (type.isAnnotation()) {
            return "@interface";
        }
        if (type.isInterface()) {
            return "interface";
        }
        if (type.isEnum()) {
            return "enum";
        }
        return type.isRecord() ? "record" : "class";
    }
}
