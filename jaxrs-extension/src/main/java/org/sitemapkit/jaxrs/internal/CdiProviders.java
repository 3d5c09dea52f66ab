package org.sitemapkit.jaxrs.internal;

import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.enterprise.inject.spi.Unmanaged;
import java.util.Set;
import java.util.function.Function;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Providers made by the application's CDI container: a bean (any scope, or a producer) is asked
 * for by type, and a class that is not a bean (no bean-defining annotation in an
 * {@code annotated} archive) is still injected, as an unmanaged instance. Only loaded when the
 * CDI API is there, so the rest of the extension never needs it.
 */
final class CdiProviders {
    private final BeanManager beans;

    private CdiProviders(BeanManager beans) {
        this.beans = beans;
    }

    /**
     * The application's bean manager: the context attribute Weld and Jetty set (when there is a servlet context), else
     * {@code CDI.current()}, else JNDI {@code java:comp/BeanManager}; null without CDI.
     */
    static CdiProviders find(Function<String, Object> attributes) {
        Object attribute = attributes.apply(BeanManager.class.getName());
        if (attribute instanceof BeanManager) {
            return new CdiProviders((BeanManager) attribute);
        }
        try {
            return new CdiProviders(CDI.current().getBeanManager());
        } catch (RuntimeException | LinkageError e) {
            // no CDI provider for this application; try JNDI, as EE servers bind it there
        }
        try {
            Object bound = new InitialContext().lookup("java:comp/BeanManager");
            return bound instanceof BeanManager ? new CdiProviders((BeanManager) bound) : null;
        } catch (NamingException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    <T> T create(Class<T> type) {
        Set<Bean<?>> found = beans.getBeans(type);
        if (!found.isEmpty()) {
            Bean<?> bean = beans.resolve(found);
            CreationalContext<?> creation = beans.createCreationalContext(bean);
            return type.cast(beans.getReference(bean, type, creation));
        }
        return new Unmanaged<>(beans, type)
                .newInstance()
                .produce()
                .inject()
                .postConstruct()
                .get();
    }

    @Override
    public String toString() {
        return "CDI";
    }
}
