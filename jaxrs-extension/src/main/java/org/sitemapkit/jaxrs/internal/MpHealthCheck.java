package org.sitemapkit.jaxrs.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.sitemapkit.internal.status.Health;

/**
 * The {@code sitemapkit} check as a MicroProfile Health {@code HealthCheck}, made by reflection: a proxy of the
 * interface that answers a {@code HealthCheckResponse} made with its public constructor (MicroProfile Health 3.0
 * and later). So no class of this jar names the API, and its absence can never break loading one.
 */
final class MpHealthCheck {
    /** The check's name in the server's health document. */
    static final String NAME = "sitemapkit";

    static final String CHECK = "org.eclipse.microprofile.health.HealthCheck";
    private static final String RESPONSE = "org.eclipse.microprofile.health.HealthCheckResponse";
    private static final String STATUS = RESPONSE + "$Status";
    private static final String READINESS = "org.eclipse.microprofile.health.Readiness$Literal";

    private final Class<?> type;
    private final Annotation readiness;
    private final Constructor<?> response;
    private final Object up;
    private final Object down;
    private final Supplier<Health> health;

    private MpHealthCheck(
            Class<?> type,
            Annotation readiness,
            Constructor<?> response,
            Object up,
            Object down,
            Supplier<Health> health) {
        this.type = type;
        this.readiness = readiness;
        this.response = response;
        this.up = up;
        this.down = down;
        this.health = health;
    }

    /**
     * The check over {@code health} where {@code loader} sees MicroProfile Health 3.0 or later; null where it
     * does not, which is the normal case of an application without it.
     */
    static MpHealthCheck find(ClassLoader loader, Supplier<Health> health) {
        try {
            Class<?> type = Class.forName(CHECK, false, loader);
            Class<?> status = Class.forName(STATUS, false, loader);
            Constructor<?> response =
                    Class.forName(RESPONSE, false, loader).getConstructor(String.class, status, Optional.class);
            Annotation readiness = (Annotation)
                    Class.forName(READINESS, true, loader).getField("INSTANCE").get(null);
            return new MpHealthCheck(
                    type, readiness, response, constant(status, "UP"), constant(status, "DOWN"), health);
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
            return null;
        }
    }

    private static Object constant(Class<?> status, String name) throws NoSuchFieldException {
        for (Object c : status.getEnumConstants()) {
            if (((Enum<?>) c).name().equals(name)) {
                return c;
            }
        }
        throw new NoSuchFieldException(status.getName() + "." + name);
    }

    /** {@code org.eclipse.microprofile.health.HealthCheck}, the bean's type. */
    Class<?> type() {
        return type;
    }

    /** {@code @Readiness}, the bean's qualifier: the check says whether to send traffic, never to restart. */
    Annotation readiness() {
        return readiness;
    }

    /** A new {@code HealthCheck}, whose {@code call()} reads the status anew each time. */
    Object newCheck() {
        InvocationHandler handler = (proxy, method, args) -> switch (method.getName()) {
            case "call" -> call();
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            case "toString" -> "SitemapKit's " + NAME + " health check";
            default -> throw new UnsupportedOperationException(method.toString());
        };
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler);
    }

    /**
     * The {@code HealthCheckResponse} now. A check that cannot read the status stays up and says so: readiness
     * must never fail because of the check itself.
     */
    Object call() throws ReflectiveOperationException {
        Health h = read(health);
        return response.newInstance(NAME, h.up() ? up : down, Optional.of(h.data()));
    }

    /** {@code health} now; one that cannot be read is up and says so. */
    static Health read(Supplier<Health> health) {
        try {
            return health.get();
        } catch (RuntimeException | LinkageError e) {
            return new Health(true, Map.of("unreadable", e.getClass().getName()));
        }
    }
}
