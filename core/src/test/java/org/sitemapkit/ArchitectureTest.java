package org.sitemapkit;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import jakarta.servlet.ServletContext;
import org.junit.jupiter.api.Test;

/**
 * The layering, as ARCHITECTURE.md draws it, checked on the compiled classes: values and sources know
 * nothing of the engine, the engine knows nothing of servlets, the API knows nothing of the servlet
 * adapter but through {@link SitemapFilter}, and no packages depend on each other in a circle, the
 * root package included. A change that breaks one fails here, not in a review.
 */
class ArchitectureTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.sitemapkit");

    /** The packages users compile against: the module's unqualified exports. */
    private static final String[] API = {"org.sitemapkit", "org.sitemapkit.model", "org.sitemapkit.source"};

    /**
     * The servlet adapter's public face: users map it in web.xml and the initializer registers it, so
     * it stays in the API package, a shell over internal.servlet. Its nested classes are not exempt.
     */
    private static final String FILTER = "org.sitemapkit.SitemapFilter";

    /** The handle: {@code SitemapKit.of(ServletContext)} keeps it as a context attribute. */
    private static final String KIT = "org.sitemapkit.SitemapKit";

    /** The model's values check their arguments with the shared checks, and use nothing else. */
    @Test
    void theModelDependsOnNothingOfSitemapKitElse() {
        noClasses()
                .that()
                .resideInAPackage("org.sitemapkit.model..")
                .should()
                .dependOnClassesThat()
                .resideOutsideOfPackages("org.sitemapkit.model..", "org.sitemapkit.internal.check..", "java..")
                .check(CORE);
    }

    /** Sources make the plan the renderer reads (internal.source), and know nothing else of the engine. */
    @Test
    void sourcesDependOnlyOnTheModel() {
        noClasses()
                .that()
                .resideInAPackage("org.sitemapkit.source..")
                .should()
                .dependOnClassesThat()
                .resideOutsideOfPackages(
                        "org.sitemapkit.source..",
                        "org.sitemapkit.internal.source..",
                        "org.sitemapkit.model..",
                        "org.sitemapkit.internal.check..",
                        "java..",
                        "javax.sql..")
                .check(CORE);
    }

    /** The servlet adapter is internal.servlet, behind SitemapFilter; the rest of internal serves any adapter. */
    @Test
    void theEngineUsesNoServletType() {
        noClasses()
                .that()
                .resideInAPackage("org.sitemapkit.internal..")
                .and()
                .resideOutsideOfPackage("org.sitemapkit.internal.servlet")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("jakarta.servlet..")
                .check(CORE);
    }

    /**
     * The API holds no adapter: no servlet type but in the filter, the adapter's public face, and in
     * the handle, which {@link #theHandleNamesOnlyTheServletContext} narrows to the context it lives in.
     */
    @Test
    void theApiUsesNoServletTypeButInTheFilterAndTheHandle() {
        noClasses()
                .that()
                .resideInAnyPackage(API)
                .and()
                .doNotHaveFullyQualifiedName(FILTER)
                .and()
                .doNotHaveFullyQualifiedName(KIT)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("jakarta.servlet..")
                .check(CORE);
    }

    /** {@code SitemapKit.of(ServletContext)} is its one servlet type: the handle is a context attribute. */
    @Test
    void theHandleNamesOnlyTheServletContext() {
        noClasses()
                .that()
                .haveFullyQualifiedName(KIT)
                .should()
                .dependOnClassesThat(resideInAPackage("jakarta.servlet..").and(not(equivalentTo(ServletContext.class))))
                .check(CORE);
    }

    /** Of the API, only the filter reaches the servlet adapter, internal.servlet. */
    @Test
    void onlyTheFilterReachesTheServletAdapter() {
        noClasses()
                .that()
                .resideInAnyPackage(API)
                .and()
                .doNotHaveFullyQualifiedName(FILTER)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.sitemapkit.internal.servlet..")
                .check(CORE);
    }

    /** The filter is a shell: it finds the handle and hands the container's calls to internal.servlet. */
    @Test
    void theFilterIsAShellOverTheServletAdapter() {
        classes()
                .that()
                .haveFullyQualifiedName(FILTER)
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage("org.sitemapkit", "org.sitemapkit.internal.servlet", "jakarta.servlet..", "java..")
                .check(CORE);
    }

    /**
     * The engine and the adapter are handed what the handle holds (internal.engine.KitState); none of
     * them reads the API package back.
     */
    @Test
    void noInternalPackageDependsOnTheRootPackage() {
        noClasses()
                .that()
                .resideInAPackage("org.sitemapkit.internal..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.sitemapkit")
                .check(CORE);
    }

    /** No package cycles, anywhere in core: each package is a slice of its own, the root package too. */
    /**
     * The layers below the request path know nothing of it: stores keep sections, the status model
     * is read by the views, and neither reaches up into the service, the router, the engine or an
     * adapter (ARCHITECTURE.md, "The rooms").
     */
    @Test
    void storesAndTheStatusModelKnowNothingAboveThem() {
        noClasses()
                .that()
                .resideInAnyPackage("org.sitemapkit.internal.store..", "org.sitemapkit.internal.status..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.sitemapkit.internal.service..",
                        "org.sitemapkit.internal.http..",
                        "org.sitemapkit.internal.engine..",
                        "org.sitemapkit.internal.servlet..")
                .check(CORE);
    }

    /** The router and the service run under an engine they do not start: only adapters start and close one. */
    @Test
    void onlyAdaptersAndTheRouterReachTheEngine() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "org.sitemapkit.internal.service..",
                        "org.sitemapkit.internal.render..",
                        "org.sitemapkit.internal.store..",
                        "org.sitemapkit.internal.robots..",
                        "org.sitemapkit.internal.html..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.sitemapkit.internal.engine..")
                .check(CORE);
    }

    @Test
    void packagesAreFreeOfCycles() {
        slices().assignedFrom(new EachPackage()).should().beFreeOfCycles().check(CORE);
    }

    /** One slice per package of core, by its full name, so that {@code org.sitemapkit} itself is one. */
    private static final class EachPackage implements SliceAssignment {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String p = javaClass.getPackageName();
            return p.equals("org.sitemapkit") || p.startsWith("org.sitemapkit.")
                    ? SliceIdentifier.of(p)
                    : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "each package of org.sitemapkit, the root package included";
        }
    }
}
