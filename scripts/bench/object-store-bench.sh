#!/usr/bin/env bash
# The object-store macro bench behind scripts/macro-bench-s3.sh and scripts/macro-bench-azureblob.sh
# (docs/performance.md): local csv -> object store parquet, and object store parquet -> local csv,
# through `pz run --all`, against a yardstick measured in the same run: DuckDB's local COPY plus the
# SDK's plain one-request transfer of the same bytes, in a plain JVM (scripts/bench/ObjectYardstick.java).
# The store runs on this machine: s3proxy in its own JVM (in memory), or Azurite from npm (in memory).
# Median of N wall and CPU (user+sys of the process; the store's own process not included) times
# each, variants interleaved; row counts verified.
#
# Usage: scripts/bench/object-store-bench.sh <s3|azureblob> [rows]     (default 1000000)
# Env:   PZ_BENCH_DIR, PZ_BENCH_SKIP_BUILD=1, PZ_BENCH_SAMPLES (default 3), PZ_TOOLS_DIR (Azurite's home)
set -euo pipefail
store="$1"
rows="${2:-1000000}"
samples="${PZ_BENCH_SAMPLES:-3}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${PZ_BENCH_DIR:-$(mktemp -d -t "pz-bench-$store.XXXXXX")}"
mkdir -p "$work"
jar="$root/pz-cli/target/pz.jar"

now_utc() { date -u +%Y-%m-%dT%H:%M:%SZ; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

echo "machine: nproc=$(nproc), mem=$(free -g | awk '/^Mem:/ { print $2 }')G, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "date: $(now_utc)  commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')  store: $store"
echo "work directory: $work"
if [[ "${PZ_BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  echo "building (./mvnw -B -q -DskipTests package) ..."
  (cd "$root" && ./mvnw -B -q -DskipTests package)
fi
timer="/usr/bin/time"
[[ -x "$timer" ]] || { echo "error: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

# --- data -----------------------------------------------------------------------------------
csv="$work/orders_${rows}.csv"
[[ -f "$csv" ]] || java "$root/scripts/bench/Gen.java" "$rows" "$csv"
echo "data: $csv, $(stat -c %s "$csv") bytes"
mkdir -p "$work/classes"
javac -d "$work/classes" -cp "$jar" "$root/scripts/bench/ObjectYardstick.java"
yardstick() { java -cp "$jar:$work/classes" ObjectYardstick "$@"; }

# --- the store ------------------------------------------------------------------------------
port="$(free_port)"
server_pid=""
stop_server() { [[ -z "$server_pid" ]] || kill "$server_pid" 2>/dev/null || true; }
trap stop_server EXIT
case "$store" in
  s3)
    access="pz-bench-access"
    secret="pz-bench-secret"
    "$root/mvnw" -B -q -f "$root/scripts/bench/s3proxy/pom.xml" dependency:build-classpath \
      -Dmdep.outputFile="$work/s3proxy.classpath" > /dev/null
    cat > "$work/s3proxy.properties" <<PROPS
s3proxy.endpoint=http://127.0.0.1:$port
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=$access
s3proxy.credential=$secret
jclouds.provider=transient-nio2
jclouds.identity=$access
jclouds.credential=$secret
PROPS
    echo '<configuration><root level="WARN"/></configuration>' > "$work/s3proxy-logback.xml"
    java -Dlogback.configurationFile="$work/s3proxy-logback.xml" -cp "$(cat "$work/s3proxy.classpath")" \
      org.gaul.s3proxy.Main --properties "$work/s3proxy.properties" > "$work/server.log" 2>&1 &
    server_pid=$!
    ready() { curl -s -o /dev/null "http://127.0.0.1:$port/"; }
    endpoint="http://127.0.0.1:$port"
    target=(s3 "$endpoint" "$access" "$secret" bench)
    connection="store:
  connector: s3
  access_key: $access
  secret_key: $secret
  root: bench
  endpoint: 127.0.0.1:$port
  url_style: path
  use_ssl: false"
    up_sink="sink('store', 'orders', strategy: 'replace', format: 'parquet', path: 'pz')"
    down_source="source('store', 'orders', path: 'pz/orders.parquet')"
    ;;
  azureblob)
    azurite="${PZ_TOOLS_DIR:-$HOME/.cache/pz}/azurite-3.35.0/node_modules/.bin/azurite-blob"
    [[ -x "$azurite" ]] || npm install --no-audit --no-fund --loglevel=error \
      --prefix "${PZ_TOOLS_DIR:-$HOME/.cache/pz}/azurite-3.35.0" azurite@3.35.0
    mkdir -p "$work/azurite"
    (cd "$work/azurite" && exec "$azurite" --blobHost 127.0.0.1 --blobPort "$port" --inMemoryPersistence \
      --disableTelemetry --skipApiVersionCheck) > "$work/server.log" 2>&1 &
    server_pid=$!
    ready() { grep -q "successfully listens" "$work/server.log"; }
    key="Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
    endpoint="http://127.0.0.1:$port/devstoreaccount1"
    target=(azure "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=$key;BlobEndpoint=$endpoint;" bench)
    connection="store:
  connector: azureblob
  auth: account_key
  account_name: devstoreaccount1
  account_key: $key
  endpoint: $endpoint"
    up_sink="sink('store', 'orders', strategy: 'replace', format: 'parquet', container: 'bench', path: 'pz')"
    down_source="source('store', 'orders', container: 'bench', path: 'pz/orders.parquet')"
    ;;
  *) echo "usage: $0 <s3|azureblob> [rows]" >&2; exit 2 ;;
esac
for _ in $(seq 1 120); do ready && break; sleep 0.5; done
ready || { echo "error: the $store server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }
yardstick "${target[@]}" - > /dev/null
echo "server: $store on 127.0.0.1:$port (pid $server_pid)"

# --- projects -------------------------------------------------------------------------------
make_project() { # <dir> <pipeline sql>
  rm -rf "$1"
  mkdir -p "$1/data" "$1/pipelines"
  ln -s "$csv" "$1/data/orders.csv"
  printf 'name: object_bench\nversion: 0.1.0\n\nengine:\n  threads: 4\n' > "$1/project.yml"
  printf '%s\n\nfiles:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n        path: data/orders.csv\n        format: csv\n        columns: {id: bigint, customer_id: bigint, amount: double, status: varchar}\n\nlake:\n  connector: localfiles\n  root: out\n' \
    "$connection" > "$1/connections.yml"
  printf '%s\n' "$2" > "$1/pipelines/move.sql"
}
make_project "$work/up" "INSERT INTO {{ $up_sink }}
select * from {{ source('files', 'orders') }}"
make_project "$work/down" "INSERT INTO {{ sink('lake', 'orders', format: 'csv', strategy: 'replace') }}
select * from {{ $down_source }}"

declare -A walls cpus median_s median_cpu
sample() { # <name> <dir> <command...>
  local name="$1" dir="$2" wall utime stime; shift 2
  (cd "$dir" && "$timer" -f '%e %U %S' -o "$work/$name.time" "$@") > "$work/$name.log" 2>&1 \
    || { echo "error: $name failed:" >&2; cat "$work/$name.log" >&2; exit 1; }
  read -r wall utime stime < <(tail -n 1 "$work/$name.time")
  walls[$name]+="$wall "
  cpus[$name]+="$(echo "$utime + $stime" | bc -l) "
}
count_rows() { echo $(( $(wc -l < "$1") - 1 )); }

echo "runs (median of $samples, interleaved; wall and user+sys CPU time of the whole process, JVM start included):"
for ((k = 1; k <= samples; k++)); do
  sample yardstick_up "$work" java -cp "$jar:$work/classes" ObjectYardstick "${target[@]}" yardstick.parquet up "$csv" "$work/yard"
  yard_up_rows="$(tail -n 1 "$work/yardstick_up.log")"
  rm -rf "$work/up/.pz/runs"
  sample pz_up "$work/up" "$root/scripts/pz" run --all
  sample yardstick_down "$work" java -cp "$jar:$work/classes" ObjectYardstick "${target[@]}" yardstick.parquet down "$csv" "$work/yard"
  yard_down_rows="$(tail -n 1 "$work/yardstick_down.log")"
  rm -rf "$work/down/.pz/runs" "$work/down/out"
  sample pz_down "$work/down" "$root/scripts/pz" run --all
  pz_rows="$(count_rows "$work/down/out/orders/orders.csv")"
done
for name in yardstick_up pz_up yardstick_down pz_down; do
  median_s[$name]="$(printf '%s\n' ${walls[$name]} | median)"
  median_cpu[$name]="$(printf '%s\n' ${cpus[$name]} | median)"
  printf '  %-16s wall median %6.3f s (%s)  cpu median %6.3f s\n' "$name" "${median_s[$name]}" \
    "$(printf '%.2f ' ${walls[$name]} | sed 's/ $//')" "${median_cpu[$name]}"
done
status=0
for pair in "yardstick_up:$yard_up_rows" "yardstick_down:$yard_down_rows" "pz(up then down):$pz_rows"; do
  if [[ "${pair##*:}" != "$rows" ]]; then
    echo "ROW COUNT MISMATCH: ${pair%:*} moved ${pair##*:} rows, expected $rows" >&2
    status=1
  fi
done
echo "row counts verified: yardstick up $yard_up_rows, down $yard_down_rows; pz up then down $pz_rows"
ratio() { printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }
echo "results ($rows rows, $store):"
echo "  csv -> $store parquet:  pz $(printf '%.3f' "${median_s[pz_up]}") s, yardstick $(printf '%.3f' "${median_s[yardstick_up]}") s, ratio $(ratio "${median_s[pz_up]}" "${median_s[yardstick_up]}") (cpu $(ratio "${median_cpu[pz_up]}" "${median_cpu[yardstick_up]}"))"
echo "  $store parquet -> csv:  pz $(printf '%.3f' "${median_s[pz_down]}") s, yardstick $(printf '%.3f' "${median_s[yardstick_down]}") s, ratio $(ratio "${median_s[pz_down]}" "${median_s[yardstick_down]}") (cpu $(ratio "${median_cpu[pz_down]}" "${median_cpu[yardstick_down]}"))"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
