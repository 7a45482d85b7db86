package dev.pz.engine.compile;

import dev.pz.engine.model.ReadDef;

/** A {@code source()} call: the dataset it reads and, when it had kwargs, the read options they declare. */
record SourceCall(String connection, String entity, ReadDef callSiteRead, int line) {

    String key() {
        return connection + "." + entity;
    }
}
