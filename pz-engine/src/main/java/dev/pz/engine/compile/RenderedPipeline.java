package dev.pz.engine.compile;

import dev.pz.engine.model.PipelineDef;
import java.util.List;

/** One pipeline after rendering: its SQL and the edges its template calls declared, in call order. */
record RenderedPipeline(PipelineDef pipeline, String sql, List<SourceCall> sources, List<String> refs,
        List<SinkCall> sinks, List<SourceCall> watermarks) {

    String name() {
        return pipeline.name();
    }
}
