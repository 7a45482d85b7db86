package dev.pz.engine.template;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** A hand-written fake template function: keeps every call and answers with a fixed rule. */
final class RecordingFunction implements TemplateFunction {
    private final List<CallArguments> calls = new ArrayList<>();
    private final Function<CallArguments, Object> answer;

    private RecordingFunction(Function<CallArguments, Object> answer) {
        this.answer = answer;
    }

    /** Answers {@code name(arg1,arg2)} joined from the positional arguments, like a pz marker. */
    static RecordingFunction echoing() {
        return new RecordingFunction(arguments -> arguments.function() + "("
                + String.join(",", arguments.positional().stream().map(String::valueOf).toList()) + ")");
    }

    static RecordingFunction answering(Function<CallArguments, Object> answer) {
        return new RecordingFunction(answer);
    }

    @Override
    public Object call(CallArguments arguments) {
        calls.add(arguments);
        return answer.apply(arguments);
    }

    List<CallArguments> calls() {
        return List.copyOf(calls);
    }

    CallArguments onlyCall() {
        if (calls.size() != 1) {
            throw new AssertionError("expected exactly one call, got " + calls);
        }
        return calls.get(0);
    }
}
