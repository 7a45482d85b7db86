package dev.pz.cli;

/** The {@code pz} executable: runs the command line and exits with its code. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(PzCommandLine.create(Console.system()).execute(args));
    }
}
