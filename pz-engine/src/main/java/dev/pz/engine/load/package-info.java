/**
 * Loading a pz project: YAML → {@link dev.pz.engine.model.Project}, with {@code file:line} for every
 * value, so every error can name where it comes from. The entry point is {@link dev.pz.engine.load.ProjectLoader};
 * {@link dev.pz.engine.load.ReadBlockParser}, {@link dev.pz.engine.load.WriteBlockParser} and
 * {@link dev.pz.engine.load.RetryParser} are shared with the compiler, which feeds them
 * {@code source()}/{@code sink()} keyword arguments. Every problem of a pass is collected in
 * {@link dev.pz.engine.model.Problems} and thrown together.
 */
package dev.pz.engine.load;
