package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scripts of {@code pz completion} in the real shells, with a {@code pz} on the PATH that runs
 * this build: bash's completion function with {@code COMP_LINE}/{@code COMP_WORDS} set as bash sets
 * them, fish's own completion engine ({@code complete -C}), and zsh's function registered through
 * compinit (its {@code compadd}/{@code _files} builtins, which need a live line editor, replaced by
 * recorders). zsh and fish come from Debian ({@code .ci/run} installs them); without them those
 * tests skip, or fail under {@code PZ_REQUIRE_SERVICES=1}.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ShellCompletionTest {
    @TempDir
    Path temp;

    private Path project;
    private Path bin;

    @BeforeEach
    void pzOnThePathAndASampleProject() throws IOException {
        project = temp.resolve("demo");
        CliRun init = CliRun.pz("init", project.toString(), "--template", "sample");
        assertThat(init.exitCode()).as(init.toString()).isZero();
        bin = Files.createDirectories(temp.resolve("bin"));
        Path pz = bin.resolve("pz");
        Files.writeString(pz, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp '" + System.getProperty("java.class.path")
                + "' dev.pz.cli.Main \"$@\"\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(pz, PosixFilePermissions.fromString("rwxr-xr-x"));
        for (String shell : CompletionCandidates.SHELLS) {
            Files.writeString(temp.resolve("pz." + shell), CliRun.pz("completion", shell).out());
        }
    }

    /** Runs {@code shell args…} in the project directory with {@code pz} on the PATH; returns stdout's lines. */
    private List<String> shell(String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile());
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        builder.environment().put("HOME", temp.toString());
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + "\n" + out).isZero();
        return out.isEmpty() ? List.of() : Arrays.asList(out.split("\n"));
    }

    /** COMPREPLY after bash's completion function ran on {@code line}, split into words as bash would. */
    private List<String> bash(String line) throws Exception {
        String script = "source '" + temp.resolve("pz.bash") + "'\n"
                + "COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}\n"
                + "read -ra COMP_WORDS <<< \"$(sed 's/[:=]/ & /g' <<< \"$COMP_LINE\")\"\n"
                + "[[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')\n"
                + "COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))\n"
                + "_pz_complete\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
        return shell("bash", "-c", script).stream().filter(word -> !word.isEmpty()).toList();
    }

    @Test
    void bashCompletesVerbsOptionsAndProjectNames() throws Exception {
        assertThat(shell("bash", "-c", "source '" + temp.resolve("pz.bash") + "'; complete -p pz"))
                .containsExactly("complete -o default -F _pz_complete pz");
        assertThat(bash("pz ru")).containsExactly("run", "runs");
        assertThat(bash("pz run lake.o")).containsExactly("lake.order_totals", "lake.orders_curated");
        assertThat(bash("pz run --select tag:")).as("bash replaces only what follows the ':'").containsExactly("daily");
        assertThat(bash("pz run --log-format=")).containsExactly("text", "json");
    }

    @Test
    void fishCompletesThroughItsOwnEngine() throws Exception {
        Path fish = installed("fish");
        String source = "source '" + temp.resolve("pz.fish") + "'; ";
        assertThat(shell(fish.toString(), "--no-config", "-c", source + "complete -C'pz ru'")).containsExactly("run",
                "runs");
        assertThat(shell(fish.toString(), "--no-config", "-c", source + "complete -C'pz run --select tag:'"))
                .containsExactly("tag:daily");
        assertThat(shell(fish.toString(), "--no-config", "-c", source + "complete -C'pz init --project da'"))
                .as("no candidate from pz: file names").containsExactly("data/");
    }

    @Test
    void zshRegistersThroughCompinitAndAddsPzsCandidates() throws Exception {
        Path zsh = installed("zsh");
        String setup = "autoload -Uz compinit && compinit -u -d '" + temp.resolve("zcompdump") + "'\n"
                + "source '" + temp.resolve("pz.zsh") + "'\n";
        assertThat(shell(zsh.toString(), "-f", "-c", setup + "print -r -- ${_comps[pz]}")).containsExactly("_pz");
        String recorders = "compadd() { while [[ $1 != -- ]]; do shift; done; shift; print -rl -- \"$@\" }\n"
                + "_files() { print -r -- FILES }\n";
        assertThat(shell(zsh.toString(), "-f", "-c", setup + recorders
                + "BUFFER='pz run --select tag:'; CURSOR=${#BUFFER}; _pz")).containsExactly("tag:daily");
        assertThat(shell(zsh.toString(), "-f", "-c", setup + recorders
                + "BUFFER='pz plan src_raw__o'; CURSOR=${#BUFFER}; _pz")).containsExactly("src_raw__orders");
        assertThat(shell(zsh.toString(), "-f", "-c", setup + recorders
                + "BUFFER='pz run --project '; CURSOR=${#BUFFER}; _pz")).containsExactly("FILES");
    }

    private static Path installed(String name) {
        return RequiredTools.require(name, null);
    }
}
