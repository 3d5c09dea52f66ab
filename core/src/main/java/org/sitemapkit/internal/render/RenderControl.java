package org.sitemapkit.internal.render;

import java.util.stream.Stream;

/**
 * Lets a render be abandoned from another thread when it passes its deadline: the source's open
 * stream is closed (releasing a JDBC cursor blocked in a read), the rendering thread interrupted,
 * and the next URL it pushes stops the render.
 */
public final class RenderControl {
    private volatile boolean abandoned;
    private volatile Stream<?> open;
    private volatile Thread thread;
    /** Orders the interrupt against the end of the render; private, so that no caller can hold it. */
    private final Object lock = new Object();

    /** One per render, kept by whoever may need to abandon it. */
    public RenderControl() {}

    /** Called on the rendering thread as a render starts. */
    public void start() {
        synchronized (lock) {
            thread = Thread.currentThread();
        }
    }

    /**
     * Called on the rendering thread as it ends, whatever the outcome. Under the same lock as the
     * interrupt in {@link #abandon}, so that no interrupt reaches the thread's next task.
     */
    public void end() {
        synchronized (lock) {
            thread = null;
            open = null;
        }
    }

    /**
     * Whether the render's thread is still inside it (a source that ignores interrupts).
     *
     * @return true until {@link #end} is called
     */
    public boolean running() {
        synchronized (lock) {
            return thread != null;
        }
    }

    /**
     * Whether {@link #abandon} was called; the render stops at the next URL it pushes.
     *
     * @return true once abandoned
     */
    public boolean abandoned() {
        return abandoned;
    }

    /** Why the render was abandoned, for the failure it ends with. */
    private volatile String why = "the render passed its deadline and was abandoned";

    /** Stops the render; safe to call from any thread, and more than once. */
    public void abandon() {
        abandoned = true;
        synchronized (lock) {
            if (thread != null) {
                thread.interrupt();
            }
        }
        Stream<?> s = open;
        if (s != null) {
            try {
                s.close();
            } catch (RuntimeException e) {
                // the source's own close failed; the render is abandoned all the same
            }
        }
    }

    void opened(Stream<?> stream) {
        open = stream;
        check();
    }

    void closed() {
        open = null;
    }

    /**
     * Stops the render for another reason than its deadline.
     *
     * @param reason what the failure it ends with says
     */
    public void abandon(String reason) {
        why = reason;
        abandon();
    }

    void check() {
        if (abandoned) {
            throw new IllegalStateException(why);
        }
    }
}
