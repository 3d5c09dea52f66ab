package org.sitemapkit.testsupport;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;

/**
 * What compile-testing's in-memory javac produced: the classes, loadable, and the text of one
 * generated resource (an annotation processor's output, say), null when it was not written.
 */
public final class InMemoryClasses {
    private final Map<String, byte[]> classes = new HashMap<>();
    private String resource;

    private InMemoryClasses() {}

    /**
     * Collects a successful compilation's output.
     *
     * @param c the compilation, which must have succeeded
     * @param resourcePath the generated resource whose text {@link #resource()} gives
     * @return the output
     */
    public static InMemoryClasses of(Compilation c, String resourcePath) {
        if (c.status() != Compilation.Status.SUCCESS) {
            throw new AssertionError("compilation failed: " + c.diagnostics());
        }
        InMemoryClasses out = new InMemoryClasses();
        for (JavaFileObject f : c.generatedFiles()) {
            String path = f.toUri().getPath();
            try {
                if (path.endsWith(resourcePath)) {
                    out.resource = f.getCharContent(true).toString();
                } else if (path.endsWith(".class")) {
                    String name =
                            path.substring(path.indexOf("CLASS_OUTPUT/") + "CLASS_OUTPUT/".length(), path.length() - 6);
                    try (InputStream in = f.openInputStream()) {
                        out.classes.put(name.replace('/', '.'), in.readAllBytes());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** The generated resource's text, or null. */
    public String resource() {
        return resource;
    }

    /**
     * Loads classes by name, with {@code parent} for everything javac did not produce.
     *
     * @param parent where the classes' dependencies come from
     * @param names binary names
     * @return the classes, in the order named
     * @throws ClassNotFoundException for a name javac did not produce
     */
    public List<Class<?>> load(ClassLoader parent, String... names) throws ClassNotFoundException {
        ClassLoader loader = new ClassLoader(parent) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] b = classes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, b, 0, b.length);
            }
        };
        List<Class<?>> loaded = new ArrayList<>();
        for (String n : names) {
            loaded.add(Class.forName(n, false, loader));
        }
        return loaded;
    }
}
