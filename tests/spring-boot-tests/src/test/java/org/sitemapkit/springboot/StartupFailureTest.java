package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.springboot.broken.JerseyPostApplication;
import org.sitemapkit.springboot.broken.MissingParamsApplication;
import org.sitemapkit.springboot.broken.ParamsConditionApplication;
import org.sitemapkit.springboot.broken.PostApplication;
import org.sitemapkit.springboot.broken.StoreConflictApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * What a user sees when SitemapKit cannot start: Boot's failure report, written by the starter's
 * FailureAnalyzer, naming the key or the method and what to do, instead of a stack trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureTest {
    private static void failsToStart(Class<?> application, String... args) {
        SpringApplication app = new SpringApplication(application);
        String[] all = new String[args.length + 1];
        all[0] = "--server.port=0";
        System.arraycopy(args, 0, all, 1, args.length);
        assertThrows(RuntimeException.class, () -> app.run(all).close());
    }

    private static void reports(CapturedOutput output, String... parts) {
        String text = output.getAll();
        assertTrue(text.contains("APPLICATION FAILED TO START"), text);
        for (String part : parts) {
            assertTrue(text.contains(part), "missing \"" + part + "\" in:\n" + text);
        }
    }

    @Test
    void aBadValueNamesTheKeyTheValueWhereItWasSetAndWhatIsAccepted(CapturedOutput output) {
        failsToStart(ShopApplication.class, "--sitemapkit.max-urls=lots");
        reports(
                output,
                "The SitemapKit setting sitemapkit.max-urls is \"lots\"",
                "from \"sitemapkit.max-urls\" from property source \"commandLineArgs\"",
                "not a whole number",
                "Action:",
                "Set sitemapkit.max-urls to a valid value, for example 10000 (the default is 50000)");
    }

    @Test
    void aMistypedKeyIsRefusedNotIgnored(CapturedOutput output) {
        failsToStart(ShopApplication.class, "--sitemapkit.max-url=10");
        reports(output, "SitemapKit does not know the setting sitemapkit.max-url", "sitemapkit.max-urls");
    }

    @Test
    void aTemplateVariableWithoutAProviderNamesTheMethod(CapturedOutput output) {
        failsToStart(MissingParamsApplication.class);
        reports(
                output,
                "@SitemapEntry on org.sitemapkit.springboot.broken.MissingParamsApplication$Things#thing cannot be listed",
                "path /things/{id} has template variables [id] but no provider");
    }

    @Test
    void aHandlerThatDoesNotAnswerGetNamesTheMethod(CapturedOutput output) {
        failsToStart(PostApplication.class);
        reports(
                output,
                "@SitemapEntry on org.sitemapkit.springboot.broken.PostApplication$Orders#order cannot be listed",
                "it answers [POST], not GET");
    }

    @Test
    void aMappingThatNeedsARequestParameterIsRefused(CapturedOutput output) {
        failsToStart(ParamsConditionApplication.class);
        reports(
                output,
                "@SitemapEntry on org.sitemapkit.springboot.broken.ParamsConditionApplication$Prints#print cannot be listed",
                "it answers only requests with parameters");
    }

    @Test
    void aJerseyPostMethodIsRefusedAsOnSpringMvc(CapturedOutput output) {
        failsToStart(JerseyPostApplication.class);
        reports(
                output,
                "@SitemapEntry methods of the Jersey application cannot be listed",
                "only @GET methods are pages, not @POST");
    }

    @Test
    void aFilterThatCannotStartIsReportedOnEveryServer(CapturedOutput output) {
        failsToStart(ShopApplication.class, "--sitemapkit.robots=/no-such-rules.txt");
        reports(output, "SitemapKit's filter failed to start", "sitemapkit.robots", "no such file");
    }

    @Test
    void aPageStoreBeanBesideAStoreSettingIsRefused(CapturedOutput output) {
        failsToStart(StoreConflictApplication.class, "--sitemapkit.store=disk");
        reports(output, "The application has a PageStore bean and sets sitemapkit.store=disk");
    }

    @Test
    void loopbackUnderNativeForwardingIsRefusedNamingBothKeys(CapturedOutput output) {
        // the server itself replaces the peer with what X-Forwarded-For claims: loopback cannot be told
        failsToStart(
                ShopApplication.class, "--sitemapkit.status-view=loopback", "--server.forward-headers-strategy=native");
        reports(
                output,
                "sitemapkit.status-view=loopback cannot tell a request from this node under"
                        + " server.forward-headers-strategy=native",
                "Set sitemapkit.status-view=token");
    }

    @Test
    void aBadFilterOrderNamesTheKey(CapturedOutput output) {
        failsToStart(ShopApplication.class, "--sitemapkit.spring.filter-order=last");
        reports(output, "The SitemapKit setting sitemapkit.spring.filter-order is \"last\"", "before-security");
    }
}
