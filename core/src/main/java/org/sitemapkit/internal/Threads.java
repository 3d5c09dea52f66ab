package org.sitemapkit.internal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every thread SitemapKit runs comes from here, one per application, owned and closed by the
 * adapter that serves (the servlet filter) or by the writer of one run. Tasks (renders, closing a
 * source's stream, background deflate, JCache calls, the IndexNow worker) run on the
 * {@link Executor} the application gives, such as a container's managed executor or virtual
 * threads, or else on daemon threads of its own; only the timer, which just schedules deadlines
 * and hands their work to the tasks, is always a thread of its own.
 */
public final class Threads implements AutoCloseable {
    private final Executor tasks;
    /** The pool made when no executor was given; null when one was. */
    private final ExecutorService own;

    private final ScheduledThreadPoolExecutor timer;

    private Threads(Executor given) {
        if (given == null) {
            AtomicInteger n = new AtomicInteger();
            // No fixed pool: a render stuck in its source holds only its own thread, never another's.
            own = Executors.newCachedThreadPool(r -> daemon(r, "sitemapkit-task-" + n.incrementAndGet()));
            tasks = own;
        } else {
            own = null;
            tasks = given;
        }
        timer = new ScheduledThreadPoolExecutor(1, r -> daemon(r, "sitemapkit-timer"));
        timer.setRemoveOnCancelPolicy(true); // a cancelled deadline lets go of its render at once
    }

    /**
     * The threads of one application.
     *
     * @param given runs every task; null for daemon threads of SitemapKit's own
     * @return the threads, to close when the application stops
     */
    public static Threads of(Executor given) {
        return new Threads(given);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /**
     * Runs tasks: the given executor, or SitemapKit's own threads.
     *
     * @return the executor
     */
    public Executor tasks() {
        return tasks;
    }

    /**
     * Schedules deadlines and lease renewals; what they start runs on {@link #tasks()}.
     *
     * @return the timer
     */
    public ScheduledThreadPoolExecutor timer() {
        return timer;
    }

    /**
     * An executor that runs at most {@code permits} tasks at once on {@link #tasks()} and refuses
     * the next, so that the caller does the work itself (background deflate): the bound a fixed
     * pool with a short queue would give, over any executor.
     *
     * @param permits tasks at once
     * @return the bounded executor
     */
    public Bounded bounded(int permits) {
        return new Bounded(tasks, permits);
    }

    /**
     * A refusal because every permit is taken: an answer callers expect often (a background deflate
     * per block may be refused), so it carries no stack trace, which would cost more than the work.
     */
    private static final class Busy extends RejectedExecutionException {
        private static final long serialVersionUID = 1L;

        Busy() {
            super("busy");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** See {@link #bounded}. */
    public static final class Bounded implements Executor {
        private final Executor tasks;
        private final Semaphore free;

        private Bounded(Executor tasks, int permits) {
            this.tasks = tasks;
            this.free = new Semaphore(permits);
        }

        @Override
        public void execute(Runnable task) {
            if (!free.tryAcquire()) {
                throw new Busy();
            }
            try {
                tasks.execute(() -> {
                    try {
                        task.run();
                    } finally {
                        free.release();
                    }
                });
            } catch (RuntimeException e) {
                free.release();
                throw e;
            }
        }
    }

    /**
     * Starts a long-running loop on {@link #tasks()}, such as the IndexNow worker.
     *
     * @param loop the loop, which ends when its thread is interrupted or it is told to stop
     * @return the loop's handle, to interrupt it and wait for its end
     */
    public Loop start(Runnable loop) {
        Loop l = new Loop();
        tasks.execute(() -> l.run(loop));
        return l;
    }

    /** A loop started by {@link #start}: interrupted and awaited without knowing whose thread runs it. */
    public static final class Loop {
        private final CountDownLatch ended = new CountDownLatch(1);
        private final Object lock = new Object();
        private Thread thread;
        private boolean stopped;

        private void run(Runnable loop) {
            synchronized (lock) {
                if (stopped) {
                    ended.countDown();
                    return;
                }
                thread = Thread.currentThread();
            }
            try {
                loop.run();
            } finally {
                synchronized (lock) {
                    thread = null;
                    Thread.interrupted(); // a pooled thread goes back clean
                }
                ended.countDown();
            }
        }

        /** Interrupts the loop's thread while it runs the loop, never after. */
        public void interrupt() {
            synchronized (lock) {
                stopped = true;
                if (thread != null) {
                    thread.interrupt();
                }
            }
        }

        /**
         * Waits for the loop to end.
         *
         * @param millis at most this long
         * @return whether it ended
         * @throws InterruptedException if the waiting thread is interrupted
         */
        public boolean await(long millis) throws InterruptedException {
            return ended.await(millis, TimeUnit.MILLISECONDS);
        }

        /**
         * Whether the loop is still running (or has not started yet).
         *
         * @return false once it ended
         */
        public boolean alive() {
            return ended.getCount() > 0;
        }
    }

    /** Stops the timer and SitemapKit's own threads; a given executor stays its owner's. */
    @Override
    public void close() {
        timer.shutdownNow();
        if (own != null) {
            own.shutdownNow();
        }
    }
}
