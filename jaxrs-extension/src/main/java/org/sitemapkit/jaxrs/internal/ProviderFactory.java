package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.core.FeatureContext;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.ConcurrentHashMap;
import org.sitemapkit.jaxrs.PathParamsProvider;

/**
 * Makes one provider instance per class and application, lazily, at the first render (when the
 * runtime's injection is complete): through Jersey's injection manager when the runtime is
 * Jersey, reached by reflection so this jar needs no Jersey type, else through the public no-arg
 * constructor.
 */
final class ProviderFactory {
  private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");

  private final Object injectionManager;
  private final Method createAndInitialize;
  private final ConcurrentHashMap<Class<?>, PathParamsProvider> instances = new ConcurrentHashMap<>();

  private ProviderFactory(Object injectionManager, Method createAndInitialize) {
    this.injectionManager = injectionManager;
    this.createAndInitialize = createAndInitialize;
  }

  /** Plain construction only. */
  static ProviderFactory plain() {
    return new ProviderFactory(null, null);
  }

  /** Jersey's injection when {@code context} is Jersey's, else plain construction. */
  static ProviderFactory forRuntime(FeatureContext context) {
    ClassLoader loader = context.getClass().getClassLoader();
    try {
      Class<?> provider = Class.forName("org.glassfish.jersey.InjectionManagerProvider", false, loader);
      Object manager = provider.getMethod("getInjectionManager", FeatureContext.class).invoke(null, context);
      Class<?> managerType = Class.forName("org.glassfish.jersey.internal.inject.InjectionManager", false, loader);
      if (managerType.isInstance(manager)) {
        return new ProviderFactory(manager, managerType.getMethod("createAndInitialize", Class.class));
      }
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "sitemapkit: no Jersey injection for params providers ({0});"
          + " using their no-arg constructors", e.toString());
    }
    return plain();
  }

  PathParamsProvider get(Class<? extends PathParamsProvider> type) throws Exception {
    PathParamsProvider p = instances.get(type);
    if (p == null) {
      p = create(type);
      PathParamsProvider raced = instances.putIfAbsent(type, p);
      p = raced == null ? p : raced;
    }
    return p;
  }

  private PathParamsProvider create(Class<? extends PathParamsProvider> type) throws Exception {
    try {
      if (injectionManager != null) {
        return type.cast(createAndInitialize.invoke(injectionManager, type));
      }
      return type.getConstructor().newInstance();
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      throw new IllegalStateException("cannot create the params provider " + type.getName() + ": " + cause, cause);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("cannot create the params provider " + type.getName()
          + ": it needs a public no-arg constructor in a runtime without injection", e);
    }
  }
}
