package dev.pz.cli;

/**
 * Facts of this build, written into the source by Maven's resource filtering (pz-cli/pom.xml): a
 * constant costs `pz --version` nothing, where reading a resource out of pz.jar opens the jar a
 * second time.
 */
final class BuildInfo {

    static final String VERSION = "${project.version}";
    static final String COMMIT = "${pz.commit}";

    private BuildInfo() {
    }
}
