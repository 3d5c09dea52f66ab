package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.core.FeatureContext;
import java.lang.System.Logger.Level;
import java.lang.annotation.Annotation;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Makes the params providers of one web application the way it makes its own objects, one
 * instance per class, at the first render: by CDI when the application has it, else by the
 * JAX-RS runtime's injection once that runtime has started (Jersey's injection manager, reached
 * by reflection so this jar needs no Jersey type), else through the public no-arg constructor.
 * A provider that cannot be made is reported once, with its class and cause, and fails only the
 * sections that use it; it is tried again when a JAX-RS runtime starts later.
 */
final class ProviderFactory implements ResolvedEntry.Providers {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");

    /** How long a provider that could not be made is left alone before it is tried again. */
    static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(30);

    /** The web application's attributes, where a container may keep its bean manager; none without servlets. */
    private final Function<String, Object> attributes;

    private final ConcurrentHashMap<Class<?>, Object> made = new ConcurrentHashMap<>();
    private volatile Object cdi;
    private volatile boolean cdiLooked;
    private volatile RuntimeInjector runtime;

    private final long retryNanos;

    ProviderFactory(Function<String, Object> attributes) {
        this(attributes, RETRY_NANOS);
    }

    ProviderFactory(Function<String, Object> attributes, long retryNanos) {
        this.attributes = attributes;
        this.retryNanos = retryNanos;
    }

    /** The JAX-RS runtime of this application has started: its injection can make providers. */
    void runtimeStarted(FeatureContext feature) {
        RuntimeInjector injector = RuntimeInjector.of(feature);
        if (injector != null) {
            runtime = injector;
            made.values().removeIf(v -> v instanceof Failure);
        }
    }

    @Override
    public PathParamsProvider get(Class<? extends PathParamsProvider> type) {
        Object p = made.computeIfAbsent(type, this::make);
        if (p instanceof Failure) {
            Failure f = (Failure) p;
            if (System.nanoTime() - f.atNanos < retryNanos) {
                throw new IllegalStateException(f.message);
            }
            made.remove(type, f); // a database that was down at the first render may be up now
            p = made.computeIfAbsent(type, this::make);
            if (p instanceof Failure) {
                throw new IllegalStateException(((Failure) p).message);
            }
        }
        return (PathParamsProvider) p;
    }

    private Object make(Class<?> type) {
        List<String> tried = new ArrayList<>();
        Throwable first = null;
        Object c = cdi();
        if (c != null) {
            try {
                return ((CdiProviders) c).create(type);
            } catch (RuntimeException | LinkageError e) {
                tried.add("CDI: " + e);
                first = e;
            }
        }
        RuntimeInjector r = runtime;
        if (r != null) {
            try {
                return r.create(type);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
                tried.add("JAX-RS injection: " + cause);
                first = first == null ? cause : first;
            }
        }
        if (!tried.isEmpty() && injectionPoint(type) == null) {
            // CDI cannot make a class that is no bean in every container (Quarkus' ArC has no
            // Unmanaged): one that asks for nothing is made by its constructor, as without CDI
            try {
                return type.getConstructor().newInstance();
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                tried.add("no-arg constructor: " + e);
            }
        }
        if (tried.isEmpty()) {
            String injected = injectionPoint(type);
            if (injected != null) {
                return fail(
                        type,
                        "it has " + injected + ", but this application has no CDI and its JAX-RS runtime"
                                + " has not started yet (give the JAX-RS servlet a load-on-startup)",
                        null);
            }
            try {
                return type.getConstructor().newInstance();
            } catch (InvocationTargetException e) {
                return fail(type, "its constructor threw " + e.getCause(), e.getCause());
            } catch (NoSuchMethodException e) {
                return fail(type, "it needs a public no-arg constructor, as this application has no CDI", null);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return fail(type, e.toString(), e);
            }
        }
        return fail(type, String.join("; ", tried), first);
    }

    private Object cdi() {
        if (!cdiLooked) {
            synchronized (this) {
                if (!cdiLooked) {
                    cdi = lookUpCdi();
                    cdiLooked = true;
                    LOG.log(
                            Level.INFO,
                            "sitemapkit: params providers are made by {0}",
                            cdi != null
                                    ? "CDI"
                                    : "the JAX-RS runtime's injection once it has started, else their no-arg constructors");
                }
            }
        }
        return cdi;
    }

    private Object lookUpCdi() {
        try {
            Class.forName("jakarta.enterprise.inject.spi.BeanManager", false, ProviderFactory.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
        try {
            return CdiProviders.find(attributes);
        } catch (LinkageError e) {
            return null;
        }
    }

    private static Failure fail(Class<?> type, String why, Throwable cause) {
        String message = "sitemapkit: cannot create the params provider " + type.getName() + ": "
                + LogText.quote(why)
                + "; the sections that use it answer 503 (tried again in 30 s)";
        LOG.log(Level.ERROR, message, cause);
        return new Failure(message);
    }

    /** The first member asking to be injected, such as {@code @Inject field catalog}, or null. */
    static String injectionPoint(Class<?> type) {
        for (Class<?> t = type; t != null && t != Object.class; t = t.getSuperclass()) {
            List<AccessibleObject> members = new ArrayList<>(List.of(t.getDeclaredFields()));
            members.addAll(List.of(t.getDeclaredMethods()));
            members.addAll(List.of(t.getDeclaredConstructors()));
            for (AccessibleObject m : members) {
                for (Annotation a : m.getAnnotations()) {
                    if (isInject(a) || a.annotationType().getName().equals("jakarta.ws.rs.core.Context")) {
                        return "@" + a.annotationType().getSimpleName() + " " + describe(m);
                    }
                }
            }
        }
        return null;
    }

    /** {@code @Inject} of either namespace, by name, so that no inject API is needed at run time. */
    static boolean isInject(Annotation a) {
        String name = a.annotationType().getName();
        return name.equals("jakarta.inject.Inject") || name.equals("javax.inject.Inject");
    }

    private static String describe(AccessibleObject m) {
        if (m instanceof Field) {
            return "field " + ((Field) m).getName();
        }
        if (m instanceof Method) {
            return "method " + ((Method) m).getName();
        }
        return "constructor " + ((Constructor<?>) m).getDeclaringClass().getSimpleName();
    }

    /** A provider that could not be made: remembered so it is reported once, not per render. */
    private static final class Failure {
        final String message;
        final long atNanos = System.nanoTime();

        Failure(String message) {
            this.message = message;
        }
    }

    /** Jersey's injection manager, reached by reflection. */
    private static final class RuntimeInjector {
        private final Object manager;
        private final Method createAndInitialize;

        private RuntimeInjector(Object manager, Method createAndInitialize) {
            this.manager = manager;
            this.createAndInitialize = createAndInitialize;
        }

        static RuntimeInjector of(FeatureContext context) {
            ClassLoader loader = context.getClass().getClassLoader();
            try {
                Class<?> provider = Class.forName("org.glassfish.jersey.InjectionManagerProvider", false, loader);
                Object manager = provider.getMethod("getInjectionManager", FeatureContext.class)
                        .invoke(null, context);
                Class<?> type = Class.forName("org.glassfish.jersey.internal.inject.InjectionManager", false, loader);
                if (type.isInstance(manager)) {
                    return new RuntimeInjector(manager, type.getMethod("createAndInitialize", Class.class));
                }
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                LOG.log(Level.DEBUG, "sitemapkit: no Jersey injection for params providers ({0})", e.toString());
            }
            return null;
        }

        Object create(Class<?> type) throws ReflectiveOperationException {
            return createAndInitialize.invoke(manager, type);
        }
    }
}
