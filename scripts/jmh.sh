#!/usr/bin/env bash
# JMH micro-benchmarks of pz-benchmarks (never run by the test suite): batch building, ingest of
# 1M rows (ArrowIngest), egress of 1M rows (ArrowEgress), on the 5-column mixed schema; the postgres
# binary COPY codec (PostgresCopyCodecBenchmark) and others listed in docs/performance.md.
# Scores are rows/s (ops/s with one op per row).
#
# Usage: scripts/jmh.sh [JMH options...]     e.g. scripts/jmh.sh Ingest -wi 1 -i 3
# Env:   PZ_BENCH_SKIP_BUILD=1 to reuse the last build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [[ "${PZ_BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  ./mvnw -B -q -DskipTests package -pl pz-benchmarks -am
fi
cp="pz-benchmarks/target/classes:$(cat pz-benchmarks/target/benchmark-classpath.txt)"
echo "machine: nproc=$(nproc), load average: $(cut -d' ' -f1-3 /proc/loadavg), date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
exec java --add-opens=java.base/java.nio=ALL-UNNAMED -cp "$cp" org.openjdk.jmh.Main "$@"
