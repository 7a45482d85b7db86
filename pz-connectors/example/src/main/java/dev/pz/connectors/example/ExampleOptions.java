package dev.pz.connectors.example;

import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;

/**
 * Every option the example connector accepts, declared once. pz checks what users write against
 * these declarations, lists them in {@code pz connectors --json}, and the connector reads them back
 * typed ({@code spec.get(STOP)} is an int).
 */
final class ExampleOptions {

    static final Option<String> ROOT = Option.string("root", "Directory the CSV outputs are written into,"
            + " relative to the project directory.").defaultValue(".");

    static final Option<Integer> START = Option.integer("start", "First number of the sequence.").defaultValue(0);
    static final Option<Integer> STOP = Option.integer("stop", "The sequence ends before this number.").required();
    static final Option<Integer> STEP = Option.integer("step", "Distance between two numbers.").between(1, 1_000_000)
            .defaultValue(1);
    static final Option<Integer> PARTITIONS = Option.integer("partitions", "Slices the sequence is read in,"
            + " concurrently.").between(1, 8).defaultValue(1);

    static final Option<Boolean> HEADER = Option.bool("header", "Whether the CSV file starts with the column names.")
            .defaultValue(true);

    static final OptionSet CONNECTION = OptionSet.of(ROOT);
    static final OptionSet READ = OptionSet.of(START, STOP, STEP, PARTITIONS);
    static final OptionSet WRITE = OptionSet.of(HEADER);

    private ExampleOptions() {
    }
}
