package org.sitemapkit.internal.status;

/**
 * The one door to {@link Meters} from code that runs without Micrometer: its signature names no
 * Micrometer type, so only a call, made once Micrometer is known to be there, loads it.
 */
public final class MeterHook {
    private MeterHook() {}

    /** The meters of {@code status} in Micrometer's global registry; closing removes them. */
    public static AutoCloseable global(StatusSource status) {
        return Meters.global(status);
    }
}
