#!/usr/bin/env bash
# Start-up bench: interleaved rounds of the JVM floor (`java -version`), `pz --version` and the sample
# template's `pz run --all`, each under /usr/bin/time (wall and user+sys CPU), medians printed.
# Usage: scripts/bench/startup-bench.sh [rounds]      (default 9)
#   PZ_JAR                      the jar under test (default: this checkout's pz-cli/target/pz.jar)
#   PZ_BENCH_BEFORE_JAR         another build's jar, measured in the same rounds ("before")
#   PZ_BENCH_BEFORE_LAUNCHER    that build's scripts/pz (default: this checkout's)
# Both launchers keep their AppCDS archives in one temporary PZ_CACHE_DIR, trained before the rounds.
# Each jar needs DuckDB's native library beside it (the build puts it there).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
rounds="${1:-9}"
after_jar="${PZ_JAR:-$root/pz-cli/target/pz.jar}"
before_jar="${PZ_BENCH_BEFORE_JAR:-}"
before_launcher="${PZ_BENCH_BEFORE_LAUNCHER:-$root/scripts/pz}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PZ_CACHE_DIR="$work/cds"
PZ_JAR="$after_jar" "$root/scripts/pz" init "$work/sample" --template sample >/dev/null
cd "$work/sample"

variants=(after)
[[ -n "$before_jar" ]] && variants=(before after)
jar_of() { [[ "$1" == before ]] && echo "$before_jar" || echo "$after_jar"; }
launcher_of() { [[ "$1" == before ]] && echo "$before_launcher" || echo "$root/scripts/pz"; }

# train each launcher's archive (its first start trains in the background)
for v in "${variants[@]}"; do
  PZ_JAR="$(jar_of "$v")" "$(launcher_of "$v")" run --all >/dev/null 2>&1 || true
done
for _ in $(seq 1 60); do
  (( $(find "$PZ_CACHE_DIR" -name pz.jsa 2>/dev/null | wc -l) >= ${#variants[@]} )) && break
  sleep 2
done

log="$work/times"
echo "machine: nproc=$(nproc), load average: $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
for _ in $(seq 1 "$rounds"); do
  /usr/bin/time -f "floor %e %U %S" -a -o "$log" java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -version >/dev/null 2>&1
  for v in "${variants[@]}"; do
    PZ_JAR="$(jar_of "$v")" /usr/bin/time -f "${v}_version %e %U %S" -a -o "$log" "$(launcher_of "$v")" --version >/dev/null 2>&1
  done
  for v in "${variants[@]}"; do
    PZ_JAR="$(jar_of "$v")" /usr/bin/time -f "${v}_run %e %U %S" -a -o "$log" "$(launcher_of "$v")" run --all >/dev/null 2>&1
  done
done
echo "after $rounds rounds: load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
python3 - "$log" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, wall, user, system = line.split()
    runs[name].append((float(wall), float(user) + float(system)))
for name, samples in runs.items():
    walls = sorted(wall for wall, _ in samples)
    cpus = sorted(cpu for _, cpu in samples)
    print(f"{name:15s} wall median {statistics.median(walls):.3f} s ({' '.join('%.2f' % w for w in walls)})"
          f"  cpu median {statistics.median(cpus):.3f} s")
PY
