package org.sitemapkit.test;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * SitemapKit's own page verification, applied from outside: the head reader, the decision ({@code
 * PageCheck.judge}) and the bytes of a page it reads, from core's {@code
 * org.sitemapkit.internal.verify}. Those classes are package-private in core, so they are reached
 * through a private lookup, which core's module opens to this one (and the class path allows); the
 * point is that a test judges a page exactly as the running application does, with no second copy
 * of the rules to drift. Every handle is looked up when the class loads, so a core whose judge
 * changed shape fails the first check with the reason, not a later one.
 */
final class PageJudge {
    private static final String PACKAGE = "org.sitemapkit.internal.verify.";

    /** The most bytes of a page read for its head, core's {@code Loopback.HEAD_LIMIT}. */
    static final int HEAD_LIMIT;

    private static final MethodHandle READ_HEAD;
    private static final MethodHandle ANSWER;
    private static final MethodHandle JUDGE;
    private static final MethodHandle TIMED_OUT;
    private static final MethodHandle PROBLEMS;
    private static final MethodHandle DETAIL;
    private static final MethodHandle HEAD_BYTES;

    static {
        try {
            Class<?> pageCheck = Class.forName(PACKAGE + "PageCheck");
            Class<?> answer = Class.forName(PACKAGE + "PageCheck$Answer");
            Class<?> verdict = Class.forName(PACKAGE + "PageCheck$Verdict");
            Class<?> head = Class.forName(PACKAGE + "HtmlHead");
            Class<?> loopback = Class.forName(PACKAGE + "Loopback");
            Class<?> headBytes = Class.forName(PACKAGE + "Loopback$HeadBytes");
            MethodHandles.Lookup in = MethodHandles.privateLookupIn(pageCheck, MethodHandles.lookup());
            HEAD_LIMIT =
                    (int) in.findStaticGetter(loopback, "HEAD_LIMIT", int.class).invoke();
            READ_HEAD = in.findStatic(head, "read", MethodType.methodType(head, String.class));
            ANSWER = in.findConstructor(
                    answer, MethodType.methodType(void.class, int.class, String.class, List.class, head));
            JUDGE = in.findStatic(pageCheck, "judge", MethodType.methodType(verdict, String.class, Map.class, answer));
            TIMED_OUT = in.findStatic(pageCheck, "timedOut", MethodType.methodType(verdict, long.class));
            PROBLEMS = in.findVirtual(verdict, "problems", MethodType.methodType(List.class));
            DETAIL = in.findVirtual(verdict, "detail", MethodType.methodType(String.class));
            HEAD_BYTES = in.findConstructor(headBytes, MethodType.methodType(void.class, int.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException(
                    "SitemapCheck's page check needs sitemapkit-core of the same version on the test's class"
                            + " path (or module path) with its page verification: " + e,
                    e);
        } catch (Throwable e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private PageJudge() {}

    /**
     * Core's verdict on one page.
     *
     * @param problems the problems' names, in the order core judges them; empty when the page passes
     * @param detail the first problem's detail (a status, where a redirect or canonical leads...); may be empty
     */
    record Verdict(List<String> problems, String detail) {
        boolean ok() {
            return problems.isEmpty();
        }
    }

    /**
     * Judges an answer to the request for {@code loc}, as core's {@code PageCheck.judge} does.
     *
     * @param loc the listed URL
     * @param alternates the alternates the sitemap lists for it, hreflang to href
     * @param status the HTTP status
     * @param location the {@code Location} header, or null
     * @param robotsHeaders every {@code X-Robots-Tag} value
     * @param html the head bytes as text, for a 200 HTML answer; else null
     */
    static Verdict judge(
            String loc,
            Map<String, String> alternates,
            int status,
            String location,
            List<String> robotsHeaders,
            String html) {
        try {
            Object head = html == null ? null : READ_HEAD.invoke(html);
            return verdict(JUDGE.invoke(loc, alternates, ANSWER.invoke(status, location, robotsHeaders, head)));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Core's verdict on a page that did not answer within {@code millis}. */
    static Verdict timedOut(long millis) {
        try {
            return verdict(TIMED_OUT.invoke(millis));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Core's reader of a page's bytes: up to {@code limit} or the end of its head, then the body is
     * dropped; 0 reads none.
     */
    @SuppressWarnings("unchecked")
    static HttpResponse.BodySubscriber<byte[]> headBytes(int limit) {
        try {
            return (HttpResponse.BodySubscriber<byte[]>) HEAD_BYTES.invoke(limit);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static Verdict verdict(Object v) throws Throwable {
        List<String> names = new ArrayList<>();
        for (Object p : (List<?>) PROBLEMS.invoke(v)) {
            names.add(((Enum<?>) p).name());
        }
        return new Verdict(List.copyOf(names), (String) DETAIL.invoke(v));
    }
}
