package org.sitemapkit.spring;

import jakarta.servlet.ServletContext;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;

/**
 * The {@code sitemapkit} health contributor on Boot 3.5, whose {@code HealthIndicator} and
 * {@code Health} are in {@code org.springframework.boot.actuate.health}: made by reflection, since
 * the starter is compiled against Boot 4, where they moved. The same details as on Boot 4.
 */
final class Boot3Health {
    static final String INDICATOR = "org.springframework.boot.actuate.health.HealthIndicator";
    static final String HEALTH = "org.springframework.boot.actuate.health.Health";

    private Boot3Health() {}

    /** A Boot 3 {@code HealthIndicator} over the status of {@code context}. */
    static Object indicator(ClassLoader loader, ServletContext context) throws ClassNotFoundException {
        Class<?> indicator = Class.forName(INDICATOR, false, loader);
        Class<?> health = Class.forName(HEALTH, false, loader);
        InvocationHandler handler = (proxy, method, args) -> switch (method.getName()) {
            case "health" ->
                method.getParameterCount() == 0
                        ? health(health, StatusView.health(context))
                        : InvocationHandler.invokeDefault(proxy, method, args);
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            case "toString" -> "SitemapKit health (Boot 3)";
            default -> InvocationHandler.invokeDefault(proxy, method, args);
        };
        return Proxy.newProxyInstance(loader, new Class<?>[] {indicator}, handler);
    }

    private static Object health(Class<?> health, StatusView.HealthReport report) throws ReflectiveOperationException {
        Object builder = health.getMethod(report.up() ? "up" : "down").invoke(null);
        Method withDetails = builder.getClass().getMethod("withDetails", Map.class);
        withDetails.invoke(builder, report.details());
        return builder.getClass().getMethod("build").invoke(builder);
    }
}
