package org.sitemapkit.jaxrs.internal;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Default;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessBean;
import java.lang.annotation.Annotation;
import org.sitemapkit.SitemapKit;

/**
 * {@code @Inject SitemapKit} in containers that run portable extensions (Weld: Helidon MP, WildFly, Payara, Open
 * Liberty, Tomcat with Weld; OpenWebBeans), where {@link KitProducer} is no bean: this jar's discovery is
 * annotated, and a bean-defining annotation on the producer would make an application's own {@code SitemapKit}
 * producer ambiguous. So the handle is added as a synthetic bean ({@link KitBean}) only when discovery found no
 * other {@code @Default SitemapKit} bean. Quarkus' ArC runs no portable extension; it makes {@link KitProducer} a
 * bean instead.
 */
public class KitExtension implements Extension {
    private volatile boolean provided;

    /** For the CDI container, which finds it in {@code META-INF/services}. */
    public KitExtension() {}

    /** Notes a bean of the application (or {@link KitProducer}, where a container takes it) that gives the handle. */
    void seen(@Observes ProcessBean<?> event) {
        Bean<?> bean = event.getBean();
        if (!provided && !bean.isAlternative() && bean.getTypes().contains(SitemapKit.class)) {
            for (Annotation qualifier : bean.getQualifiers()) {
                if (qualifier.annotationType() == Default.class) {
                    provided = true;
                    return;
                }
            }
        }
    }

    /** Adds the handle when nothing else gives it. */
    void addKit(@Observes AfterBeanDiscovery event) {
        if (!provided) {
            event.addBean(new KitBean());
        }
    }
}
