package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which arguments start the start-up warm-up, and what it covers. */
class StartupWarmUpTest {

    @Test
    void onlyAVerbStartsAWarmUp() {
        assertThat(StartupWarmUp.forArguments(new String[0])).isEmpty();
        assertThat(StartupWarmUp.forArguments(new String[] {"--help"})).isEmpty();
        assertThat(StartupWarmUp.forArguments(new String[] {"rnu", "--all"})).as("a mistyped verb").isEmpty();
        assertThat(StartupWarmUp.forArguments(new String[] {"run", "--all"})).isPresent();
        assertThat(StartupWarmUp.forArguments(new String[] {"plan"})).isPresent();
    }

    @Test
    void theVerbsThatAlwaysUseJacksonInitialiseItAndNoOthers() {
        assertThat(PzCommandLine.VERBS.keySet()).containsAll(StartupWarmUp.JSON_VERBS);
        for (String verb : PzCommandLine.VERBS.keySet()) {
            StartupWarmUp warmUp = StartupWarmUp.forArguments(new String[] {verb}).orElseThrow();
            assertThat(warmUp.initialisesJson()).as(verb).isEqualTo(StartupWarmUp.JSON_VERBS.contains(verb));
        }
    }

    @Test
    void everyVerbsWarmUpWalksItsClassesWithoutFailing() throws Exception {
        for (String verb : PzCommandLine.VERBS.keySet()) {
            StartupWarmUp.forArguments(new String[] {verb}).orElseThrow().warm();
        }
    }
}
