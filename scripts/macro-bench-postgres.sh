#!/usr/bin/env bash
# PostgreSQL -> PostgreSQL macro benchmark (acceptance Appendix A.2, issues 6 and 13).
#
# Usage: scripts/macro-bench-postgres.sh [rows]     (default 1000000; 10000000 works too)
#
# Builds pz once, starts a throw-away PostgreSQL (the Debian server binaries under
# /usr/lib/postgresql/<v>/bin, run as the 'postgres' user when invoked as root; or the server
# named by BENCH_PG_URL=postgresql://user:password@host:port/db), seeds public.src, then runs
# `scripts/pz run --all` for three scenarios -- read x1 append, read x4 append, read x1 merge into an
# empty table keyed on id, created with the upsert yardstick's columns -- in three rounds that also sample both yardsticks (medians), verifying the
# target's row count after every run. Two yardsticks, measured in the same rounds and table shape:
#   copy    the server's own text COPY piped through psql:
#           psql -c "\copy (select ...) to stdout" | psql -c "\copy yard_out from stdin"
#   upsert  the hand-written merge: the same pipe into a temporary table, then
#           INSERT INTO yard_merge SELECT * FROM the temporary table ON CONFLICT (id) DO UPDATE SET ...
#           (yard_merge empty, primary key id), in one psql session
# Every line shows the wall time, the CPU time (user+sys) of the client processes (pz's JVM, or the
# two psql processes), and -- for the server started here -- the CPU time of the server backends that
# served the run (the postmaster's reaped children, from /proc/<pid>/stat).
# Prints one line per scenario and the ratios against the yardsticks (wall; CPU in brackets).
# PZ_JAR=<jar> runs another build; PZ_BENCH_BEFORE_JAR=<jar> also runs that build's scenarios, each
# sample right after this build's, and prints after/before ratios; PZ_BENCH_SKIP_BUILD=1 skips the build.
set -euo pipefail
rows="${1:-1000000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/pz-bench-pg.XXXXXX)"
chmod 755 "$work"
port="${BENCH_PG_PORT:-54320}"
before_jar="${PZ_BENCH_BEFORE_JAR:-}"
password="pz-bench-$(date +%s)"
pgdata="$work/pgdata"
started=""
postmaster=""
timer="/usr/bin/time"
[[ -x "$timer" ]] || { echo "error: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

cleanup() {
  if [[ -n "$started" ]]; then
    as_pg "$pgbin/pg_ctl" -D "$pgdata" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

as_pg() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [[ "${PZ_BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  echo "building pz ..." >&2
  (cd "$root" && ./mvnw -B -q -o -DskipTests package)
fi

if [[ -n "${BENCH_PG_URL:-}" ]]; then
  url="${BENCH_PG_URL#postgresql://}"
  creds="${url%%@*}"; rest="${url#*@}"
  user="${creds%%:*}"; password="${creds#*:}"
  hostport="${rest%%/*}"; db="${rest#*/}"
  host="${hostport%%:*}"; port="${hostport#*:}"
else
  pgbin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
  if [[ -z "$pgbin" ]]; then
    echo "error: no PostgreSQL server binaries under /usr/lib/postgresql and no BENCH_PG_URL" >&2
    exit 2
  fi
  host=127.0.0.1; user=postgres; db=bench
  [[ "$(id -u)" == 0 ]] && chown postgres "$work"
  as_pg mkdir -p "$pgdata"
  echo "$password" > "$work/pw"; chmod 644 "$work/pw"
  as_pg "$pgbin/initdb" -D "$pgdata" -U postgres --pwfile="$work/pw" -A scram-sha-256 -E UTF8 >/dev/null
  as_pg "$pgbin/pg_ctl" -D "$pgdata" -l "$work/server.log" -w \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1" start >/dev/null
  started=1
  postmaster="$(head -n 1 "$pgdata/postmaster.pid")"
  PGPASSWORD="$password" psql -h "$host" -p "$port" -U "$user" -d postgres -qAt -c "create database bench" >/dev/null
fi

export PGPASSWORD="$password" PGOPTIONS="-c client_min_messages=warning"
psqlq() { psql -h "$host" -p "$port" -U "$user" -d "$db" -v ON_ERROR_STOP=1 -qAt "$@"; }

echo "seeding public.src with $rows rows ..." >&2
psqlq -c "drop table if exists public.src" -c "create table public.src (id int not null primary key,
  customer_id int not null, amount numeric(18,2) not null, status varchar(16) not null, updated timestamp not null)" \
  -c "insert into public.src select i, (i::bigint * 2654435761) % 100000, ((i * 97) % 100000) / 100.0,
  case i % 4 when 0 then 'shipped' when 1 then 'pending' when 2 then 'returned' else 'cancelled' end,
  timestamp '2026-01-01' + make_interval(secs => i % 86400) from generate_series(1, $rows) as i" \
  -c "analyze public.src"

project() { # <dir> <partitions> <strategy>
  local dir="$1" partitions="$2" strategy="$3" keys=""
  [[ "$strategy" == merge ]] && keys=$'\n        keys: [id]'
  mkdir -p "$dir/pipelines"
  printf 'name: bench\nversion: "1.0"\n' > "$dir/project.yml"
  cat > "$dir/connections.yml" <<EOF
bench:
  connector: postgres
  host: $host
  port: $port
  database: $db
  user: $user
  password: \${BENCH_PG_PASSWORD}
  entities:
    public.src:
      read:
        partition_column: id
        partitions: $partitions
    public.mart_out:
      write:
        strategy: $strategy$keys
EOF
  cat > "$dir/pipelines/mart.sql" <<'EOF'
INSERT INTO {{ sink('bench', 'public.mart_out') }}
select id, customer_id, amount, status, updated
from {{ source('bench', 'public.src') }}
EOF
}

median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }

# CPU seconds the server's exited backends used so far (0 for a server not started here).
server_cpu() {
  if [[ -z "$postmaster" ]]; then echo 0; return; fi
  awk -v hz="$(getconf CLK_TCK)" '{ print ($16 + $17) / hz }' "/proc/$postmaster/stat"
}

# One timed sample: <log> <command...>; appends "wall client_cpu server_cpu" to the array named by $sample_to.
measure() {
  local log="$1" before after wall utime stime; shift
  before=$(server_cpu)
  "$timer" -f '%e %U %S' -o "$work/time" "$@" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
  # A backend exits after its client disconnects: wait until no other client backend is left.
  until [[ "$(psqlq -c "select count(*) from pg_stat_activity where backend_type = 'client backend'
      and pid <> pg_backend_pid()")" == 0 ]]; do sleep 0.05; done
  after=$(server_cpu)
  read -r wall utime stime < <(tail -n 1 "$work/time")
  echo "$wall $(echo "$utime + $stime" | bc -l) $(echo "$after - $before" | bc -l)"
}

# The medians of samples "wall client server", one per line on stdin: prints "wall client server".
medians() {
  local walls=() clients=() servers=()
  while read -r w c sv; do walls+=("$w"); clients+=("$c"); servers+=("$sv"); done
  echo "$(median "${walls[@]}") $(median "${clients[@]}") $(median "${servers[@]}")"
}

check_count() { # <table> <label>
  local n
  n=$(psqlq -c "select count(*) from $1")
  [[ "$n" == "$rows" ]] || { echo "error: $2 left $n rows in $1, expected $rows" >&2; exit 1; }
}

# One sample of one scenario, appended to $work/<label>.samples: <label> <partitions> <strategy> [jar]
sample_pz() {
  local dir="$work/$1" jar="${4:-}" sample
  project "$dir" "$2" "$3"
  psqlq -c "drop table if exists public.mart_out"
  # The merge target has the upsert yardstick's shape (pz would otherwise create numeric(38,9), text, timestamptz).
  [[ "$3" == merge ]] && psqlq -c "create table public.mart_out ($columns, primary key (id))"
  sample=$(BENCH_PG_PASSWORD="$password" measure "$work/$1.out" env ${jar:+PZ_JAR="$jar"} "$root/scripts/pz" run --all \
    --project "$dir") || exit 1
  echo "$sample" >> "$work/$1.samples"
  check_count public.mart_out "$1"
}

copy_out='\copy (select id, customer_id, amount, status, updated from public.src) to stdout'
columns='id int, customer_id int, amount numeric(18,2), status varchar(16), updated timestamp'
export host port user db copy_out

sample_copy_yardstick() { # one sample, appended to $work/yard_copy.samples
  psqlq -c "drop table if exists public.yard_out" -c "create table public.yard_out ($columns)"
  measure "$work/yard_copy.out" bash -c 'psql -h "$host" -p "$port" -U "$user" -d "$db" -v ON_ERROR_STOP=1 -qAt \
      -c "$copy_out" | psql -h "$host" -p "$port" -U "$user" -d "$db" -v ON_ERROR_STOP=1 -qAt \
      -c "\copy public.yard_out from stdin"' >> "$work/yard_copy.samples" || exit 1
  check_count public.yard_out "the copy yardstick"
}

sample_upsert_yardstick() { # one sample, appended to $work/yard_upsert.samples
  psqlq -c "drop table if exists public.yard_merge" -c "create table public.yard_merge ($columns, primary key (id))"
  measure "$work/yard_upsert.out" bash -c 'psql -h "$host" -p "$port" -U "$user" -d "$db" -v ON_ERROR_STOP=1 -qAt \
      -c "$copy_out" | psql -h "$host" -p "$port" -U "$user" -d "$db" -v ON_ERROR_STOP=1 -qAt \
      -c "create temporary table yard_stage (like public.yard_merge)" \
      -c "\copy yard_stage from stdin" \
      -c "insert into public.yard_merge select * from yard_stage on conflict (id) do update set
            customer_id = excluded.customer_id, amount = excluded.amount, status = excluded.status,
            updated = excluded.updated"' >> "$work/yard_upsert.samples" || exit 1
  check_count public.yard_merge "the upsert yardstick"
}

line() { # <label> <wall> <client cpu> <server cpu>
  printf '%-24s %7.2fs (%s rows/sec)   cpu: client %6.2fs  server %6.2fs\n' "$1:" "$2" "$(echo "$rows / $2" | bc)" "$3" "$4"
}
ratio() { printf '%.2fx (cpu %.2fx)' "$(echo "$1 / $3" | bc -l)" "$(echo "($2) / ($4)" | bc -l)"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)   commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
# Rounds of the yardsticks and every scenario (and, with PZ_BENCH_BEFORE_JAR, the other build's run
# right after each), so yardsticks and both builds see the same stretches of load.
scenarios=("append_x1 1 append" "append_x4 4 append" "merge_x1 1 merge")
for attempt in 1 2 3; do
  sample_copy_yardstick
  sample_upsert_yardstick
  for scenario in "${scenarios[@]}"; do
    read -r label partitions strategy <<< "$scenario"
    sample_pz "$label" "$partitions" "$strategy"
    if [[ -n "$before_jar" ]]; then
      sample_pz "${label}_before" "$partitions" "$strategy" "$before_jar"
    fi
  done
done
read -r copy_wall copy_client copy_server < <(medians < "$work/yard_copy.samples")
read -r upsert_wall upsert_client upsert_server < <(medians < "$work/yard_upsert.samples")
read -r a1_wall a1_client a1_server < <(medians < "$work/append_x1.samples")
read -r a4_wall a4_client a4_server < <(medians < "$work/append_x4.samples")
read -r m1_wall m1_client m1_server < <(medians < "$work/merge_x1.samples")

echo "rows: $rows   server: $(psqlq -c 'show server_version')   cores: $(nproc)   median of 3 interleaved rounds"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)   date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
line "yardstick psql copy" "$copy_wall" "$copy_client" "$copy_server"
line "yardstick psql upsert" "$upsert_wall" "$upsert_client" "$upsert_server"
line "pz read x1 append" "$a1_wall" "$a1_client" "$a1_server"
line "pz read x4 append" "$a4_wall" "$a4_client" "$a4_server"
line "pz read x1 merge" "$m1_wall" "$m1_client" "$m1_server"
if [[ -n "$before_jar" ]]; then
  for label in append_x1 append_x4 merge_x1; do
    read -r b_wall b_client b_server < <(medians < "$work/${label}_before.samples")
    line "before: $label" "$b_wall" "$b_client" "$b_server"
    read -r a_wall a_client a_server < <(medians < "$work/$label.samples")
    echo "  $label after/before: $(ratio "$a_wall" "$a_client + $a_server" "$b_wall" "$b_client + $b_server")"
  done
fi
echo "ratios (cpu = client + server):"
echo "  append x1 / copy:   $(ratio "$a1_wall" "$a1_client + $a1_server" "$copy_wall" "$copy_client + $copy_server")   (target <= 1.5x)"
echo "  append x4 / copy:   $(ratio "$a4_wall" "$a4_client + $a4_server" "$copy_wall" "$copy_client + $copy_server")   (target <= 1.5x)"
echo "  merge / upsert:     $(ratio "$m1_wall" "$m1_client + $m1_server" "$upsert_wall" "$upsert_client + $upsert_server")   (target <= 1.3x)"
