package dev.pz.cli.reference;

import dev.pz.connectors.api.error.PzCode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code docs/reference/codes.md}: every constant of {@link PzCode}, by family, with its meaning and
 * fix from {@code pz-codes.tsv} (code, meaning, fix; tab-separated). A code the file does not
 * describe yet is still listed, under its constant's name, so a new code appears the moment it is
 * declared.
 */
final class CodeReference {

    private static final String MEANINGS = "pz-codes.tsv";

    private CodeReference() {
    }

    record Entry(String meaning, String fix) {
    }

    static String render() {
        Map<String, Entry> entries = entries();
        StringBuilder page = new StringBuilder();
        page.append("<!-- Generated from the PzCode catalogue by scripts/gen-reference.sh; do not edit. -->\n")
                .append("# Error codes\n\n")
                .append("Every error and warning pz prints carries a code:\n\n")
                .append("```\nerror PZ0301: <what is wrong> (<file>:<line>) — hint: <next step>\n```\n\n")
                .append("A code raised before anything runs (families 01xx to 04xx) exits `2` and leaves no run\n")
                .append("behind; a code raised by a node fails that node and the run exits `1`; `PZ0500` and the\n")
                .append("machine codes (`PZ0531`–`PZ0533`) exit `3`. Warnings print as `warning: PZ####` and do not\n")
                .append("stop anything. `docs/troubleshooting.md` walks through the ones met most.\n");
        PzCode.Family family = null;
        for (PzCode code : PzCode.values()) {
            if (code.family() != family) {
                family = code.family();
                page.append("\n## ").append(title(family)).append("\n\n| code | meaning | fix |\n|---|---|---|\n");
            }
            Entry entry = entries.get(code.code());
            String meaning = entry == null ? "(" + code.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")"
                    : entry.meaning();
            page.append("| ").append(code.code()).append(" | ").append(ReferencePages.cell(meaning)).append(" | ")
                    .append(entry == null ? "" : ReferencePages.cell(entry.fix())).append(" |\n");
        }
        return page.toString();
    }

    private static String title(PzCode.Family family) {
        return switch (family) {
            case LOAD -> "PZ01xx: loading the project files";
            case COMPILE -> "PZ02xx: compiling pipelines into the DAG";
            case CONNECTOR -> "PZ03xx: connectors, planning, read and write surface";
            case SQL -> "PZ04xx: SQL";
            case RUNTIME -> "PZ05xx: running, checks, state and maintenance";
            case MCP -> "PZ06xx: the MCP server";
            case SCALE_OUT -> "PZ07xx: scale-out (shards, commit, emitted orchestrator specs)";
        };
    }

    static Map<String, Entry> entries() {
        Map<String, Entry> entries = new HashMap<>();
        try (InputStream in = CodeReference.class.getResourceAsStream(MEANINGS)) {
            if (in == null) {
                throw new IllegalStateException(MEANINGS + " is not on the class path");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t", -1);
                if (fields.length != 3) {
                    throw new IllegalStateException(MEANINGS + ": expected code, meaning, fix: " + line);
                }
                if (entries.put(fields[0], new Entry(fields[1], fields[2])) != null) {
                    throw new IllegalStateException(MEANINGS + ": " + fields[0] + " twice");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }
}
