package org.sitemapkit.internal.feed;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToLongFunction;
import org.sitemapkit.internal.source.Sections;

/**
 * The entities one application feeds sections from, registered in code ({@code SitemapKit.feed});
 * an entity with none here is routed by its {@code @SitemapSection}, if it has one.
 */
public final class FeedRoutes {
    /** One registration; {@code key} is null for a section re-rendered whole on every change. */
    record Route(Class<?> type, String section, ToLongFunction<Object> key) {}

    private final List<Route> routes = new CopyOnWriteArrayList<>();

    /**
     * Feeds {@code section} from the committed changes of {@code type} and its subclasses.
     *
     * @param key the row's key, or null to re-render the section whole
     * @throws IllegalArgumentException for a bad section name
     */
    public <T> void add(Class<T> type, String section, ToLongFunction<? super T> key) {
        Objects.requireNonNull(type, "entity");
        Sections.check(Objects.requireNonNull(section, "section"));
        routes.add(new Route(type, section, key == null ? null : entity -> key.applyAsLong(type.cast(entity))));
        ChangeFeeds.routed(type);
    }

    /** The registrations that {@code type} falls under; empty when none does. */
    List<Route> of(Class<?> type) {
        List<Route> found = null;
        for (Route r : routes) {
            if (r.type().isAssignableFrom(type)) {
                if (found == null) {
                    found = new ArrayList<>(2);
                }
                found.add(r);
            }
        }
        return found == null ? List.of() : found;
    }
}
