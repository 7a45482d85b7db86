package dev.pz.engine.compile;

import dev.pz.engine.model.WriteDef;

/** A {@code sink()} call: the output it writes and, when it had kwargs, the write options they declare. */
record SinkCall(SinkBinding binding, WriteDef callSiteWrite, int line) {
}
