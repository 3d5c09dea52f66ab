package org.sitemapkit.spring;

import java.util.Locale;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The order of the starter's filter, from {@code sitemapkit.spring.filter-order}: by default just
 * after Spring Security's filter chain, so that the application's security rules govern
 * {@code /sitemap.xml} as they govern every other URL.
 */
final class FilterPlacement {
    /** Boot's default {@code spring.security.filter.order}. */
    static final int SECURITY_DEFAULT_ORDER = -100;

    static final String KEY = SpringSettings.PREFIX + StarterSettings.FILTER_ORDER;

    private FilterPlacement() {}

    /**
     * The filter's order.
     *
     * @throws SitemapKitStartupException for a value that is neither word nor number, naming the key
     */
    static int order(Environment environment) {
        Binder binder = Binder.get(environment);
        int security =
                binder.bind("spring.security.filter.order", Integer.class).orElse(SECURITY_DEFAULT_ORDER);
        String value = binder.bind(KEY, String.class).orElse("after-security");
        String word = value.trim().toLowerCase(Locale.ROOT);
        switch (word) {
            case "after-security":
                return security == Integer.MAX_VALUE ? security : security + 1;
            case "before-security":
                return security == Integer.MIN_VALUE ? security : security - 1;
            default:
                try {
                    return Integer.parseInt(word);
                } catch (NumberFormatException e) {
                    throw new SitemapKitStartupException(
                            "The SitemapKit setting " + KEY + " is \"" + value
                                    + "\", which is not accepted: neither after-security, before-security nor a whole"
                                    + " number.",
                            "Set " + KEY + " to after-security (the default: the application's security rules"
                                    + " govern the sitemap), before-security (the sitemap is public whatever the"
                                    + " rules), or the filter's order as a number.");
                }
        }
    }
}
