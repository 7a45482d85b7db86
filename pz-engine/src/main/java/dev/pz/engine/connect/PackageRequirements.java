package dev.pz.engine.connect;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.SourceLocation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A project's {@code connectors:} entries sorted into builtins (which need no entry, and whose declared
 * version is ignored) and connector packages: Maven artifacts named {@code group:artifact} with an exact
 * version. Malformed entries are refused together, at their lines.
 */
public final class PackageRequirements {
    private static final String FILE = "project.yml";
    private static final Pattern GROUP_ARTIFACT = Pattern.compile("[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+");
    private static final Pattern FLOATING = Pattern.compile("[\\[\\](),*+]|^LATEST$|^RELEASE$|-SNAPSHOT$");

    /** A connector package to load: a Maven artifact at an exact version. */
    public record Requirement(String packageId, String version, int line) {
    }

    private final List<String> builtins;
    private final List<Requirement> packages;

    private PackageRequirements(List<String> builtins, List<Requirement> packages) {
        this.builtins = List.copyOf(builtins);
        this.packages = List.copyOf(packages);
    }

    /**
     * @param builtinNames the connector names compiled into pz
     * @throws dev.pz.connectors.api.error.PzValidationException PZ0101 for an entry that is neither a builtin
     *         nor {@code group:artifact} or that is declared twice, PZ0323 for a version range
     */
    public static PackageRequirements of(Project project, Set<String> builtinNames) {
        Problems problems = new Problems();
        List<String> builtins = new ArrayList<>();
        List<Requirement> packages = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Project.ConnectorRequirement entry : project.connectors()) {
            SourceLocation at = new SourceLocation(FILE, entry.line());
            if (!seen.add(entry.packageId().toLowerCase(Locale.ROOT))) {
                problems.error(PzCode.YAML_SHAPE, FILE + ": connector package '" + entry.packageId()
                        + "' is declared twice.", at, "keep one entry per package");
            } else if (isBuiltin(entry.packageId(), builtinNames)) {
                builtins.add(entry.packageId());
            } else if (!GROUP_ARTIFACT.matcher(entry.packageId()).matches()) {
                problems.error(PzCode.YAML_SHAPE, FILE + ": connector package '" + entry.packageId()
                        + "' is neither a connector built into pz nor a Maven artifact.", at,
                        "name a connector package as group:artifact, e.g. package: com.example:pz-connector-foo");
            } else if (FLOATING.matcher(entry.version()).find()) {
                problems.error(PzCode.FLOATING_VERSION_REJECTED, FILE + ": connector package '" + entry.packageId()
                        + "' has the floating version '" + entry.version() + "'; a package is pinned to one exact"
                        + " version.", at, "write the exact release, e.g. version: 1.2.0");
            } else {
                packages.add(new Requirement(entry.packageId(), entry.version(), entry.line()));
            }
        }
        problems.throwIfErrors();
        return new PackageRequirements(builtins, packages);
    }

    /**
     * Whether a package id names a connector compiled into pz: the reference's {@code Pz.Connector.<Name>} or
     * this build's {@code dev.pz:pz-connector-<name>}.
     */
    static boolean isBuiltin(String packageId, Set<String> builtinNames) {
        String id = packageId.toLowerCase(Locale.ROOT);
        for (String prefix : List.of("pz.connector.", "dev.pz:pz-connector-")) {
            if (id.startsWith(prefix) && builtinNames.contains(id.substring(prefix.length()))) {
                return true;
            }
        }
        return false;
    }

    /** The builtin package ids the project declared, in file order. */
    public List<String> builtins() {
        return builtins;
    }

    /** The connector packages to load, in file order. */
    public List<Requirement> packages() {
        return packages;
    }
}
