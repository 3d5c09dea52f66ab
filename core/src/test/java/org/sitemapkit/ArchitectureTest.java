package org.sitemapkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The layering, as DESIGN.md draws it, checked on the compiled classes: values and sources know
 * nothing of the engine, the engine knows nothing of servlets, and no packages depend on each
 * other in a circle. A change that breaks one fails here, not in a review.
 */
class ArchitectureTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.sitemapkit");

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

    /** The servlet adapter is the entry package and the container's hook, internal.servlet. */
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
     * Besides the entry package, only the initializer the container finds, which maps the filter,
     * and the serving logic the adapters share, which reads the handle the application configured.
     */
    @Test
    void onlyTheEntryPackageDependsOnIt() {
        noClasses()
                .that()
                .resideOutsideOfPackages(
                        "org.sitemapkit", "org.sitemapkit.internal.servlet", "org.sitemapkit.internal.http")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.sitemapkit")
                .check(CORE);
    }

    /** No package cycles, anywhere in core. */
    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("org.sitemapkit.(**)").should().beFreeOfCycles().check(CORE);
    }
}
