package dev.pz.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The engine's layering: what a run reports ({@code dev.pz.engine.events}) depends on nothing else of
 * the engine, so front ends and every phase can share it; no phase reaches back into the facade; and
 * the engine knows no concrete connector.
 */
@AnalyzeClasses(packages = "dev.pz.engine", importOptions = {ImportOption.DoNotIncludeTests.class,
        ImportOption.DoNotIncludeJars.class})
class EngineLayersTest {

    @ArchTest
    static final ArchRule eventsStandAlone = classes().that().resideInAPackage("dev.pz.engine.events")
            .should().onlyDependOnClassesThat().resideOutsideOfPackages("dev.pz.engine.(*)..")
            .orShould().resideInAPackage("dev.pz.engine.events");

    @ArchTest
    static final ArchRule phasesNeverUseTheFacade = noClasses().that().resideInAPackage("dev.pz.engine.(*)..")
            .should().dependOnClassesThat().resideInAPackage("dev.pz.engine");

    @ArchTest
    static final ArchRule noConcreteConnector = noClasses().that().resideInAPackage("dev.pz.engine..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.pz.connectors.localfiles..",
                    "dev.pz.connectors.postgres..");
}
