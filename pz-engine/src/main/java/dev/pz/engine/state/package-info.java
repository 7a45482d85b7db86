/**
 * Keyed state and run history for the management verbs and the engine: stored watermarks
 * ({@link dev.pz.engine.state.WatermarkStore}), sync-state tokens, the manual-edit ledger
 * ({@link dev.pz.engine.state.AuditLog}), prior runs read back from run_results.json
 * ({@link dev.pz.engine.state.RunHistory}) and the cursor value rules
 * ({@link dev.pz.engine.state.CursorValues}). Local backend only; the remote backends plug in behind
 * the same calls later.
 */
package dev.pz.engine.state;
