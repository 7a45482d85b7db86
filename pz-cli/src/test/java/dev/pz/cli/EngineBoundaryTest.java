package dev.pz.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The command line talks to the engine only through its facade: {@code dev.pz.engine} (the
 * {@code PzEngine} entry point, its requests and reports) and {@code dev.pz.engine.events} (what a run
 * reports). Everything else in pz-engine may change without the console noticing.
 */
@AnalyzeClasses(packages = "dev.pz.cli", importOptions = {ImportOption.DoNotIncludeTests.class,
        ImportOption.DoNotIncludeJars.class})
class EngineBoundaryTest {

    @ArchTest
    static final ArchRule cliUsesOnlyTheEngineFacade = noClasses().that().resideInAPackage("dev.pz.cli..")
            .should().dependOnClassesThat(resideInAPackage("dev.pz.engine..")
                    .and(not(resideInAnyPackage("dev.pz.engine", "dev.pz.engine.events"))))
            .because("the engine's facade is its public surface; see docs/architecture.md");

    @ArchTest
    static final ArchRule cliKnowsNoConcreteConnector = noClasses().that().resideInAPackage("dev.pz.cli..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.pz.connectors.localfiles..",
                    "dev.pz.connectors.postgres..", "dev.pz.duckdb..")
            .because("connectors are found at run time; DuckDB is the engine's business");
}
