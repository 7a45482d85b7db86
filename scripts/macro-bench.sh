#!/usr/bin/env bash
# Macro throughput harness (docs/performance.md): localfiles csv -> csv through `pz run --all`,
# native tier as configured by default (the chain fused into one COPY), native tier staged
# (engine.fusion: false) and universal tier (engine.force_universal: true), against the floor of one DuckDB
# `COPY (SELECT * FROM read_csv(...)) TO ... (FORMAT csv)` in a plain JVM with only the driver.
# Median of 3 wall times each (variants interleaved), output row counts verified, ratios against the floor of this run.
#
# Usage: scripts/macro-bench.sh [rows]      (default 1000000)
# Env:   PZ_BENCH_DIR (work directory, default a fresh mktemp -d), PZ_BENCH_SKIP_BUILD=1,
#        PZ_BENCH_SAMPLES (default 3), PZ_BENCH_BEFORE_JAR (another build's pz.jar: its native, staged and
#        universal runs are interleaved with this build's as *_before, for before/after in one run)
# Usage also: scripts/macro-bench.sh 10000000 (10M rows; the file is generated once per work directory)
set -euo pipefail
rows="${1:-1000000}"
samples="${PZ_BENCH_SAMPLES:-3}"
before_jar="${PZ_BENCH_BEFORE_JAR:-}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${PZ_BENCH_DIR:-$(mktemp -d -t pz-macro-bench.XXXXXX)}"
mkdir -p "$work"
expected_sha_1m="9bb230266cf0924754fccb073a6a0b1cc039be9be9b7eda70c4cb32318e4dbff"
duckdb_version="$(sed -n 's:.*<duckdb.version>\(.*\)</duckdb.version>.*:\1:p' "$root/pom.xml")"
driver="${HOME}/.m2/repository/org/duckdb/duckdb_jdbc/${duckdb_version}/duckdb_jdbc-${duckdb_version}.jar"

now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "machine: nproc=$(nproc), mem=$(free -g | awk '/^Mem:/ { print $2 }')G, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "work directory: $work"

if [[ "${PZ_BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  echo "building (./mvnw -B -q -DskipTests package) ..."
  (cd "$root" && ./mvnw -B -q -DskipTests package)
fi
[[ -f "$driver" ]] || { echo "error: DuckDB driver not found at $driver" >&2; exit 2; }

# --- data -----------------------------------------------------------------------------------
csv="$work/orders_${rows}.csv"
if [[ ! -f "$csv" ]]; then
  java "$root/scripts/bench/Gen.java" "$rows" "$csv"
fi
sha="$(sha256sum "$csv" | cut -d' ' -f1)"
echo "data: $csv, $(stat -c %s "$csv") bytes, sha256 $sha"
if [[ "$rows" == 1000000 && "$sha" != "$expected_sha_1m" ]]; then
  echo "error: the generated CSV is not the deterministic benchmark file of scripts/bench/Gen.java (expected $expected_sha_1m)" >&2
  exit 1
fi

# --- projects -------------------------------------------------------------------------------
make_project() { # <dir> <variant> <engine line under engine:, or none>
  local dir="$1"
  rm -rf "$dir"
  mkdir -p "$dir/data" "$dir/pipelines"
  ln -s "$csv" "$dir/data/orders.csv"
  cat > "$dir/connections.yml" <<'YML'
bench:
  connector: localfiles
  entities:
    orders:
      read:
        path: data/orders.csv
        format: csv
        columns:
          id: bigint
          customer_id: bigint
          amount: double
          status: varchar

lake:
  connector: localfiles
  root: out
YML
  cat > "$dir/pipelines/orders_out.sql" <<'SQL'
INSERT INTO {{ sink('lake', 'orders_out', format: 'csv', strategy: 'replace') }}
select * from {{ source('bench', 'orders') }}
SQL
  {
    printf 'name: macro_bench_%s\nversion: 0.1.0\n\n' "$2"
    printf 'connectors:\n  - package: Pz.Connector.LocalFiles\n    version: 0.1.0\n\n'
    printf 'engine:\n  threads: 4\n'
    if [[ "$3" != none ]]; then printf '  %s\n' "$3"; fi
  } > "$dir/project.yml"
}
make_project "$work/native" native none
make_project "$work/staged" staged "fusion: false"
make_project "$work/universal" universal "force_universal: true"

# The floor, compiled once; plus a copy of the driver without its embedded library, loading the
# library extracted beside pz.jar, so the floor pays no 72 MB extraction (what scripts/pz avoids too).
mkdir -p "$work/floor/classes" "$work/floor/lib"
javac -d "$work/floor/classes" "$root/scripts/bench/Floor.java"
if [[ ! -f "$work/floor/lib/duckdb_jdbc.jar" ]]; then
  cp "$driver" "$work/floor/lib/duckdb_jdbc.jar"
  zip -q -d "$work/floor/lib/duckdb_jdbc.jar" 'libduckdb_java.so_*' >/dev/null
  ln -sf "$root"/pz-cli/target/libduckdb_java.so_* "$work/floor/lib/"
fi

count_rows() { # data rows of a headed csv
  echo $(( $(wc -l < "$1") - 1 ))
}

declare -A median_s median_cpu max_rss
timer="/usr/bin/time"
[[ -x "$timer" ]] || { echo "error: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
declare -A walls cpus
# One sample of a variant: <name> <directory> <prepare> <command...>; the command runs in <directory>.
sample_variant() {
  local name="$1" dir="$2" prepare="$3"; shift 3
  "$prepare"
  (cd "$dir" && "$timer" -f '%e %U %S %M' -o "$work/$name.time" "$@") > "$work/$name.log" 2>&1 \
    || { echo "error: $name failed:" >&2; cat "$work/$name.log" >&2; exit 1; }
  read -r wall user sys kb < <(tail -n 1 "$work/$name.time")
  walls[$name]+="$wall "
  cpus[$name]+="$(echo "$user + $sys" | bc -l) "
  (( kb > ${max_rss[$name]:-0} )) && max_rss[$name]=$kb
  return 0
}
summarise() { # <name>
  local name="$1"
  median_s[$name]="$(printf '%s\n' ${walls[$name]} | median)"
  median_cpu[$name]="$(printf '%s\n' ${cpus[$name]} | median)"
  printf '  %-18s wall median %6.3f s (%s)  cpu median %6.3f s  peak RSS %4d MiB\n' "$name" "${median_s[$name]}" \
    "$(printf '%.2f ' ${walls[$name]} | sed 's/ $//')" "${median_cpu[$name]}" $((${max_rss[$name]} / 1024))
}

clean_native() { rm -rf "$work/native/.pz/runs" "$work/native/out"; }
clean_universal() { rm -rf "$work/universal/.pz/runs" "$work/universal/out"; }
clean_staged() { rm -rf "$work/staged/.pz/runs" "$work/staged/out"; }
clean_sample() { rm -rf "$work/sample/.pz/runs" "$work/sample/out"; }
clean_floor() { rm -f "$work/floor/out.csv"; }
nothing() { :; }

echo "runs (median of $samples; wall, user+sys cpu and max RSS from /usr/bin/time around the process):"
# Interleaved (floor, native, staged, universal, floor, ...) so that every variant samples the same
# stretches of a shared machine's load.
for ((k = 1; k <= samples; k++)); do
  sample_variant floor "$work" clean_floor java -cp "$driver:$work/floor/classes" Floor "$csv" "$work/floor/out.csv"
  floor_rows=$(count_rows "$work/floor/out.csv")
  sample_variant floor_lib_beside "$work" clean_floor \
    java -cp "$work/floor/lib/duckdb_jdbc.jar:$work/floor/classes" Floor "$csv" "$work/floor/out.csv"
  sample_variant native "$work/native" clean_native "$root/scripts/pz" run --all
  native_rows=$(count_rows "$work/native/out/orders_out/orders_out.csv")
  sample_variant staged "$work/staged" clean_staged "$root/scripts/pz" run --all
  staged_rows=$(count_rows "$work/staged/out/orders_out/orders_out.csv")
  sample_variant universal "$work/universal" clean_universal "$root/scripts/pz" run --all
  universal_rows=$(count_rows "$work/universal/out/orders_out/orders_out.csv")
  if [[ -n "$before_jar" ]]; then
    for v in native staged universal; do
      sample_variant "${v}_before" "$work/$v" "clean_$v" env PZ_JAR="$before_jar" "$root/scripts/pz" run --all
      [[ "$(count_rows "$work/$v/out/orders_out/orders_out.csv")" == "$rows" ]] \
        || { echo "ROW COUNT MISMATCH: ${v}_before" >&2; exit 1; }
    done
  fi
done
for v in floor floor_lib_beside native staged universal; do summarise "$v"; done
if [[ -n "$before_jar" ]]; then
  for v in native staged universal; do summarise "${v}_before"; done
fi
grep -h 'arrow_stream\|hint' "$work/universal.log" || true

status=0
for pair in "floor:$floor_rows" "native:$native_rows" "staged:$staged_rows" "universal:$universal_rows"; do
  if [[ "${pair#*:}" != "$rows" ]]; then
    echo "ROW COUNT MISMATCH: ${pair%%:*} wrote ${pair#*:} rows, expected $rows" >&2
    status=1
  fi
done
echo "row counts verified: floor $floor_rows, native $native_rows, staged $staged_rows, universal $universal_rows"

rate() { printf '%.0f' "$(echo "$rows / $1" | bc -l)"; }
ratio() { printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }
echo "results ($rows rows):"
for v in floor floor_lib_beside native staged universal; do
  printf '  %-20s %6.3f s  %10s rows/s\n' "$v" "${median_s[$v]}" "$(rate "${median_s[$v]}")"
done
echo "  native/floor              $(ratio "${median_s[native]}" "${median_s[floor]}")   (the default, fused)"
echo "  native/floor_lib_beside   $(ratio "${median_s[native]}" "${median_s[floor_lib_beside]}")"
echo "  staged/floor              $(ratio "${median_s[staged]}" "${median_s[floor]}")   (engine.fusion: false)"
echo "  staged/floor_lib_beside   $(ratio "${median_s[staged]}" "${median_s[floor_lib_beside]}")"
echo "  universal/native          $(ratio "${median_s[universal]}" "${median_s[native]}")"
echo "  cpu: native/floor $(ratio "${median_cpu[native]}" "${median_cpu[floor]}") ($(ratio "${median_cpu[native]}" "${median_cpu[floor_lib_beside]}") lib beside), staged/floor $(ratio "${median_cpu[staged]}" "${median_cpu[floor]}") ($(ratio "${median_cpu[staged]}" "${median_cpu[floor_lib_beside]}") lib beside), universal/native $(ratio "${median_cpu[universal]}" "${median_cpu[native]}")"
if [[ -n "$before_jar" ]]; then
  for v in native staged universal; do
    echo "  $v after/before          wall $(ratio "${median_s[$v]}" "${median_s[${v}_before]}"), cpu $(ratio "${median_cpu[$v]}" "${median_cpu[${v}_before]}"); before/floor $(ratio "${median_s[${v}_before]}" "${median_s[floor]}")"
  done
fi
echo "  universal peak RSS: $((max_rss[universal] / 1024)) MiB; plan's memory budget: $(cd "$work/universal" && "$root/scripts/pz" plan | sed -n 's/^memory budget: \(~[0-9.]* [GM]B\).*/\1/p')"

# --- startup and the sample template --------------------------------------------------------
echo "startup (median of $samples):"
sample="$work/sample"
rm -rf "$sample"
"$root/scripts/pz" init "$sample" --template sample > /dev/null
for ((k = 1; k <= samples; k++)); do
  sample_variant version "$work" nothing "$root/scripts/pz" --version
  sample_variant sample_run "$sample" clean_sample "$root/scripts/pz" run --all
done
summarise version
summarise sample_run
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
