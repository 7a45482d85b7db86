#!/usr/bin/env bash
# Macro throughput of the database connectors (docs/performance.md): the deterministic benchmark CSV (scripts/bench/Gen.java)
# loaded into a DuckDB file, an SQLite file and a MariaDB table (replace), and read back into CSV,
# each through `pz run --all`, against the floor of one plain DuckDB COPY csv -> csv in the same run.
# MariaDB is Debian's mariadbd, started here on a free loopback port with its own data directory and
# stopped on exit; its LOAD DATA path and its multi-row INSERT path (local_infile off) are both timed.
# Median of PZ_BENCH_SAMPLES wall and CPU (user+sys) times each (default 3), variants interleaved, row
# counts verified (a file database's load through the CSV its read writes back). MariaDB's own CPU
# time is not in the CPU column (it is another process).
#
# Usage: scripts/macro-bench-databases.sh [rows]      (default 1000000; 10000000 works too)
# Env:   PZ_BENCH_DIR, PZ_BENCH_SKIP_BUILD=1, PZ_BENCH_SAMPLES
set -euo pipefail
rows="${1:-1000000}"
samples="${PZ_BENCH_SAMPLES:-3}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${PZ_BENCH_DIR:-$(mktemp -d -t pz-db-bench.XXXXXX)}"
mkdir -p "$work"
duckdb_version="$(sed -n 's:.*<duckdb.version>\(.*\)</duckdb.version>.*:\1:p' "$root/pom.xml")"
driver="${HOME}/.m2/repository/org/duckdb/duckdb_jdbc/${duckdb_version}/duckdb_jdbc-${duckdb_version}.jar"
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "machine: nproc=$(nproc), mem=$(free -g | awk '/^Mem:/ { print $2 }')G, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
if [[ "${PZ_BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  (cd "$root" && ./mvnw -B -q -DskipTests package)
fi
csv="$work/orders_${rows}.csv"
[[ -f "$csv" ]] || java "$root/scripts/bench/Gen.java" "$rows" "$csv"
mkdir -p "$work/floor"
javac -d "$work/floor" "$root/scripts/bench/Floor.java"

# --- MariaDB --------------------------------------------------------------------------------
mdb="$work/mariadb"
rm -rf "$mdb" && mkdir -p "$mdb"
mariadb-install-db --no-defaults --datadir="$mdb/data" --user="$(id -un)" --auth-root-authentication-method=normal \
  --skip-test-db > "$mdb/install.log" 2>&1
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mariadbd --no-defaults --datadir="$mdb/data" --user="$(id -un)" --port="$port" --bind-address=127.0.0.1 \
  --socket="$mdb/s" --pid-file="$mdb/pid" --log-error="$mdb/error.log" --innodb-buffer-pool-size=512M \
  --local-infile=1 &
mdb_pid=$!
trap 'kill "$mdb_pid" 2>/dev/null; wait "$mdb_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  mariadb --no-defaults -h127.0.0.1 -P"$port" -uroot -e 'create database if not exists bench' 2>/dev/null && break
  kill -0 "$mdb_pid" || { cat "$mdb/error.log" >&2; exit 1; }
  sleep 0.1
done
sql() { mariadb --no-defaults -h127.0.0.1 -P"$port" -uroot -N -e "$1" bench; }

# --- projects -------------------------------------------------------------------------------
connections() { # the CSV source, a CSV sink, and the three databases
  cat <<YML
bench:
  connector: localfiles
  entities:
    orders:
      read: {path: $csv, format: csv, columns: {id: bigint, customer_id: bigint, amount: double, status: varchar}}
lake:
  connector: localfiles
  root: out
duck:
  connector: duckdb
  path: $work/bench.duckdb
  entities:
    orders: {read: {columns: {id: bigint, customer_id: bigint, amount: double, status: varchar}}}
lite:
  connector: sqlite
  path: $work/bench.db
  entities:
    orders: {read: {columns: {id: bigint, customer_id: bigint, amount: double, status: varchar}}}
my:
  connector: mysql
  host: 127.0.0.1
  port: $port
  database: bench
  user: root
  entities:
    orders: {read: {columns: {id: bigint, customer_id: bigint, amount: double, status: varchar}}}
YML
}
project() { # <name> <sink connection> <sink entity> <source connection> [sink kwargs]
  local dir="$work/$1"
  rm -rf "$dir" && mkdir -p "$dir/pipelines"
  printf 'name: bench_%s\nversion: 0.1.0\nengine:\n  threads: 4\n' "$1" > "$dir/project.yml"
  connections > "$dir/connections.yml"
  printf "INSERT INTO {{ sink('%s', '%s', strategy: 'replace'%s) }}\nselect * from {{ source('%s', 'orders') }}\n" \
    "$2" "$3" "${5:-}" "$4" > "$dir/pipelines/p.sql"
}
project duck_in duck orders bench
project duck_out lake orders_csv duck ", format: 'csv'"
project lite_in lite orders bench
project lite_out lake orders_csv lite ", format: 'csv'"
project my_in my orders bench
project my_out lake orders_csv my ", format: 'csv'"

timer="/usr/bin/time"
[[ -x "$timer" ]] || { echo "error: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
declare -A walls cpus
timed() { # <name> <dir> <command...>
  local name="$1" dir="$2" wall utime stime; shift 2
  (cd "$dir" && "$timer" -f '%e %U %S' -o "$work/$name.time" "$@") > "$work/$name.log" 2>&1 \
    || { echo "error: $name failed" >&2; cat "$work/$name.log" >&2; exit 1; }
  read -r wall utime stime < <(tail -n 1 "$work/$name.time")
  walls[$name]+="$wall "
  cpus[$name]+="$(echo "$utime + $stime" | bc -l) "
}
check() { # <name> <rows>
  [[ "$2" == "$rows" ]] || { echo "ROW COUNT MISMATCH: $1 has $2 rows, expected $rows" >&2; exit 1; }
}
# A fresh run in the current directory, as one process tree for /usr/bin/time.
pzrun=(bash -c 'rm -rf .pz/runs out && exec "$0" run --all' "$root/scripts/pz")

for ((k = 1; k <= samples; k++)); do
  timed floor "$work" java -cp "$driver:$work/floor" Floor "$csv" "$work/floor/out.csv"
  timed duckdb_load "$work/duck_in" "${pzrun[@]}"
  timed duckdb_read "$work/duck_out" "${pzrun[@]}"
  check duckdb_read $(( $(wc -l < "$work/duck_out/out/orders_csv/orders_csv.csv") - 1 ))
  timed sqlite_load "$work/lite_in" "${pzrun[@]}"
  timed sqlite_read "$work/lite_out" "${pzrun[@]}"
  check sqlite_read $(( $(wc -l < "$work/lite_out/out/orders_csv/orders_csv.csv") - 1 ))
  sql 'set global local_infile = 1'
  timed mysql_load_data "$work/my_in" "${pzrun[@]}"
  check mysql_load_data "$(sql 'select count(*) from orders')"
  timed mysql_read "$work/my_out" "${pzrun[@]}"
  check mysql_read $(( $(wc -l < "$work/my_out/out/orders_csv/orders_csv.csv") - 1 ))
  sql 'set global local_infile = 0'
  timed mysql_insert "$work/my_in" "${pzrun[@]}"
  check mysql_insert "$(sql 'select count(*) from orders')"
done
floor=$(printf '%s\n' ${walls[floor]} | median)
floor_cpu=$(printf '%s\n' ${cpus[floor]} | median)
echo "results ($rows rows, median of $samples; ratio = wall / floor wall, cpu = user+sys of the process):"
for name in floor duckdb_load duckdb_read sqlite_load sqlite_read mysql_load_data mysql_insert mysql_read; do
  m=$(printf '%s\n' ${walls[$name]} | median)
  c=$(printf '%s\n' ${cpus[$name]} | median)
  printf '  %-16s %7.2f s  %9.0f rows/s  %5.2fx  (%s)  cpu %6.2f s  %5.2fx\n' "$name" "$m" "$(echo "$rows / $m" | bc -l)" \
    "$(echo "$m / $floor" | bc -l)" "$(printf '%.2f ' ${walls[$name]} | sed 's/ $//')" "$c" "$(echo "$c / $floor_cpu" | bc -l)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
