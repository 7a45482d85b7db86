#!/usr/bin/env bash
# SQL Server -> SQL Server macro benchmark (issue 12).
#
# Usage: BENCH_MSSQL_URL='jdbc:sqlserver://host:1433;databaseName=bench;user=…;password=…;trustServerCertificate=true' \
#          scripts/macro-bench-mssql.sh [rows]          (default 1000000, 10000000 works too; PZ_TEST_MSSQL_URL works too)
#
# No SQL Server can run on the machines this project is built on, so the script needs one named by
# URL. Without a URL, or when the server does not answer, it prints SKIP and exits 0.
#
# Seeds dbo.pz_bench_src (id int primary key, customer_id int, amount decimal(18,2), status
# varchar(16), updated datetime2), then times, three times each (median):
#   append    `pz run --all`: dbo.pz_bench_src -> a new dbo.pz_bench_out (pz creates it, bulk copy)
#   merge     `pz run --all`: dbo.pz_bench_src merged on id into dbo.pz_bench_merge, which already
#             holds every row (one million updates)
# against the yardstick measured in the same run: the driver's own SQLServerBulkCopy fed a
# forward-only result of the same select (dev.pz.benchmarks.MssqlBulkCopyYardstick), for merge
# bulk copy into a #temp table, a clustered index and one MERGE. Row counts are verified after every
# run. Prints one line per scenario with its wall time and the CPU time (user+sys) of the client
# process (pz's JVM, or the yardstick's; the server's own CPU is not seen from here), and the
# ratios (targets: append <= 1.3x, merge <= 2x).
set -euo pipefail
rows="${1:-1000000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
url="${BENCH_MSSQL_URL:-${PZ_TEST_MSSQL_URL:-}}"

if [[ -z "$url" ]]; then
  echo "SKIP: no SQL Server -- set BENCH_MSSQL_URL (or PZ_TEST_MSSQL_URL) to a jdbc:sqlserver:// URL"
  exit 0
fi

echo "building pz ..." >&2
(cd "$root" && ./mvnw -B -q -o -DskipTests package)
classpath="$root/pz-benchmarks/target/classes:$(cat "$root/pz-benchmarks/target/benchmark-classpath.txt")"
yard() { java -cp "$classpath" dev.pz.benchmarks.MssqlBulkCopyYardstick "$1" "$url" "${@:2}"; }
timer="/usr/bin/time"
[[ -x "$timer" ]] || { echo "error: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
# The user+sys CPU seconds of the last timed command.
cpu_of() { awk '{ print $2 + $3 }' "$work/time"; }

if ! version="$(yard probe 2>/dev/null)"; then
  echo "SKIP: the SQL Server named by the URL does not answer: ${version:-no answer}"
  exit 0
fi

work="$(mktemp -d /tmp/pz-bench-mssql.XXXXXX)"
trap 'rm -rf "$work"' EXIT

echo "seeding dbo.pz_bench_src with $rows rows ..." >&2
yard exec "drop table if exists dbo.pz_bench_src" \
  "create table dbo.pz_bench_src (id int not null primary key, customer_id int not null, amount decimal(18,2) not null,
     status varchar(16) not null, updated datetime2 not null)" \
  "with n as (select top ($rows) cast(row_number() over (order by (select null)) as bigint) as i
     from sys.all_objects a cross join sys.all_objects b cross join sys.all_objects c)
   insert into dbo.pz_bench_src with (tablock) select i, (i * 2654435761 + 42) % 100000,
     cast(((i * 97 + 42) % 100000) / 100.0 as decimal(18,2)),
     case i % 4 when 0 then 'shipped' when 1 then 'pending' when 2 then 'returned' else 'cancelled' end,
     dateadd(second, i % 86400, cast('2026-01-01' as datetime2)) from n"

# The merge target before each merge: every source row, keyed on id.
reset_merge_target() {
  yard exec "drop table if exists dbo.pz_bench_merge" \
    "select * into dbo.pz_bench_merge from dbo.pz_bench_src" \
    "alter table dbo.pz_bench_merge add constraint pk_pz_bench_merge primary key clustered (id)"
}

project() { # <dir> <strategy> <target>
  local dir="$1" strategy="$2" target="$3" keys=""
  [[ "$strategy" == merge ]] && keys=", keys: ['id']"
  mkdir -p "$dir/pipelines"
  printf 'name: bench\nversion: "1.0"\n' > "$dir/project.yml"
  cat > "$dir/connections.yml" <<'EOF'
bench:
  connector: sqlserver
  connection_string: ${BENCH_MSSQL_URL}
EOF
  cat > "$dir/pipelines/mart.sql" <<EOF
INSERT INTO {{ sink('bench', '$target', strategy: '$strategy'$keys) }}
select id, customer_id, amount, status, updated
from {{ source('bench', 'dbo.pz_bench_src') }}
EOF
}

median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }

check_count() { # <table> <label>
  local n
  n="$(yard scalar "select count_big(*) from $1")"
  [[ "$n" == "$rows" ]] || { echo "error: $2 left $n rows in $1, expected $rows" >&2; exit 1; }
}

run_pz() { # <label> <strategy> <target>; prints "wall cpu"
  local dir="$work/$1" times=() cpus=()
  project "$dir" "$2" "$3"
  for attempt in 1 2 3; do
    if [[ "$2" == merge ]]; then reset_merge_target; else yard exec "drop table if exists $3"; fi
    BENCH_MSSQL_URL="$url" "$timer" -f '%e %U %S' -o "$work/time" "$root/scripts/pz" run --all --project "$dir" \
      >"$work/$1.out" 2>&1 || { cat "$work/$1.out" >&2; exit 1; }
    check_count "$3" "$1"
    times+=("$(awk '{ print $1 }' "$work/time")")
    cpus+=("$(cpu_of)")
  done
  echo "$(median "${times[@]}") $(median "${cpus[@]}")"
}

run_yardstick() { # <mode>; prints "wall cpu"
  local times=() cpus=()
  for attempt in 1 2 3; do
    if [[ "$1" == merge ]]; then
      reset_merge_target
      times+=("$("$timer" -f '%e %U %S' -o "$work/time" java -cp "$classpath" dev.pz.benchmarks.MssqlBulkCopyYardstick \
        merge "$url" dbo.pz_bench_src dbo.pz_bench_merge id)")
      check_count dbo.pz_bench_merge "yardstick merge"
    else
      yard exec "drop table if exists dbo.pz_bench_yard" "select top (0) * into dbo.pz_bench_yard from dbo.pz_bench_src"
      times+=("$("$timer" -f '%e %U %S' -o "$work/time" java -cp "$classpath" dev.pz.benchmarks.MssqlBulkCopyYardstick \
        append "$url" dbo.pz_bench_src dbo.pz_bench_yard)")
      check_count dbo.pz_bench_yard "yardstick append"
    fi
    cpus+=("$(cpu_of)")
  done
  echo "$(median "${times[@]}") $(median "${cpus[@]}")"
}

line() { printf '%-24s %7.2fs (%s rows/sec)   cpu %6.2fs\n' "$1:" "$2" "$(echo "$rows / $2" | bc)" "$3"; }

# Command substitutions, so that a failed run or a wrong row count stops the script.
r=$(run_yardstick append); read -r yard_append yard_append_cpu <<< "$r"
r=$(run_yardstick merge); read -r yard_merge yard_merge_cpu <<< "$r"
r=$(run_pz append append dbo.pz_bench_out); read -r pz_append pz_append_cpu <<< "$r"
r=$(run_pz merge merge dbo.pz_bench_merge); read -r pz_merge pz_merge_cpu <<< "$r"
yard exec "drop table if exists dbo.pz_bench_out" "drop table if exists dbo.pz_bench_yard" \
  "drop table if exists dbo.pz_bench_merge" "drop table if exists dbo.pz_bench_src"

echo "rows: $rows   server: SQL Server $version   cores: $(nproc)   load: $(uptime | sed 's/.*load average: //')   median of 3"
line "yardstick bulk copy" "$yard_append" "$yard_append_cpu"
line "pz append" "$pz_append" "$pz_append_cpu"
line "yardstick merge" "$yard_merge" "$yard_merge_cpu"
line "pz merge" "$pz_merge" "$pz_merge_cpu"
printf 'ratio append: %.2fx   merge: %.2fx   (targets: append <= 1.3x, merge <= 2x)\n' \
  "$(echo "$pz_append / $yard_append" | bc -l)" "$(echo "$pz_merge / $yard_merge" | bc -l)"
