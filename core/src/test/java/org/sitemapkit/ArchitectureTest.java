package org.sitemapkit;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.service.StoreAccess;

/**
 * The layering, as DESIGN.md draws it, checked on the compiled classes: values and sources know
 * nothing of the engine, the engine knows nothing of servlets, and no packages depend on each
 * other in a circle. A change that breaks one fails here, not in a review.
 */
class ArchitectureTest {
    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.sitemapkit");

    @Test
    void theModelDependsOnNothingOfSitemapKitElse() {
        noClasses()
                .that()
                .resideInAPackage("org.sitemapkit.model..")
                .should()
                .dependOnClassesThat()
                .resideOutsideOfPackages("org.sitemapkit.model..", "java..")
                .check(CORE);
    }

    @Test
    void sourcesDependOnlyOnTheModel() {
        noClasses()
                .that()
                .resideInAPackage("org.sitemapkit.source..")
                .should()
                .dependOnClassesThat()
                .resideOutsideOfPackages("org.sitemapkit.source..", "org.sitemapkit.model..", "java..", "javax.sql..")
                .check(CORE);
    }

    @Test
    void theEngineUsesNoServletType() {
        noClasses()
                .that()
                .resideInAPackage("org.sitemapkit.internal..")
                .or()
                .resideInAnyPackage("org.sitemapkit.config..", "org.sitemapkit.store..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("jakarta.servlet..")
                .check(CORE);
    }

    @Test
    void onlyTheEntryPackageDependsOnIt() {
        noClasses()
                .that()
                .resideOutsideOfPackage("org.sitemapkit")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.sitemapkit")
                .check(CORE);
    }

    /**
     * No package cycles. The one sanctioned back edge is the store package installing its side of
     * {@link StoreAccess}, through which the engine reaches what the stores keep package-private.
     */
    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("org.sitemapkit.(**)")
                .should()
                .beFreeOfCycles()
                .ignoreDependency(
                        describe(
                                "the store package",
                                (JavaClass c) -> c.getPackageName().equals("org.sitemapkit.store")),
                        describe(
                                "StoreAccess",
                                (JavaClass c) -> c.isEquivalentTo(StoreAccess.class)
                                        || c.isEquivalentTo(StoreAccess.Bridge.class)))
                .check(CORE);
    }
}
