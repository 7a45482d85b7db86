package dev.pz.cli;

import java.util.List;
import java.util.Map;

/**
 * Where an emitted spec's runner starts its containers: here as real pz processes. {@code pod} names
 * the attempt ({@code <job or task>/<index>/<attempt>}, attempts counted from 1); the result is the
 * container's exit code.
 */
@FunctionalInterface
interface Pods {
    int run(String pod, List<String> command, Map<String, String> environment) throws Exception;
}
