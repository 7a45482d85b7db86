#!/usr/bin/env bash
# PostgreSQL -> PostgreSQL macro benchmark (acceptance Appendix A.2, issue 6).
#
# Usage: scripts/macro-bench-postgres.sh [rows]     (default 1000000)
#
# Builds pz once, starts a throw-away PostgreSQL (the Debian server binaries under
# /usr/lib/postgresql/<v>/bin, run as the 'postgres' user when invoked as root; or the server
# named by BENCH_PG_URL=postgresql://user:password@host:port/db), seeds public.src, then runs
# `scripts/pz run --all` for three scenarios -- read x1 append, read x4 append, read x1 merge -- three
# times each (median), verifying the target's row count after every run. The yardstick, measured
# in the same run, is the server's own text COPY piped through psql:
#   psql -c "\copy (select ...) to stdout" | psql -c "\copy yard_out from stdin"
# Prints one line per scenario and the ratios against the yardstick.
set -euo pipefail
rows="${1:-1000000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/pz-bench-pg.XXXXXX)"
chmod 755 "$work"
port="${BENCH_PG_PORT:-54320}"
password="pz-bench-$(date +%s)"
pgdata="$work/pgdata"
started=""

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

echo "building pz ..." >&2
(cd "$root" && ./mvnw -B -q -o -DskipTests package)

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
  PGPASSWORD="$password" psql -h "$host" -p "$port" -U "$user" -d postgres -qAt -c "create database bench" >/dev/null
fi

export PGPASSWORD="$password"
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

now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }

run_pz() { # <label> <partitions> <strategy>
  local dir="$work/$1" times=() start end n
  project "$dir" "$2" "$3"
  for attempt in 1 2 3; do
    psqlq -c "drop table if exists public.mart_out"
    start=$(now)
    BENCH_PG_PASSWORD="$password" "$root/scripts/pz" run --all --project "$dir" >"$work/$1.out" 2>&1 \
      || { cat "$work/$1.out" >&2; exit 1; }
    end=$(now)
    n=$(psqlq -c "select count(*) from public.mart_out")
    if [[ "$n" != "$rows" ]]; then
      echo "error: $1 wrote $n rows, expected $rows" >&2; exit 1
    fi
    times+=("$(echo "$end - $start" | bc -l)")
  done
  median "${times[@]}"
}

run_yardstick() {
  local times=() start end n
  for attempt in 1 2 3; do
    psqlq -c "drop table if exists public.yard_out" -c "create table public.yard_out (id int, customer_id int,
      amount numeric(18,2), status varchar(16), updated timestamp)"
    start=$(now)
    psqlq -c "\\copy (select id, customer_id, amount, status, updated from public.src) to stdout" \
      | psqlq -c "\\copy public.yard_out from stdin"
    end=$(now)
    n=$(psqlq -c "select count(*) from public.yard_out")
    [[ "$n" == "$rows" ]] || { echo "error: yardstick copied $n rows" >&2; exit 1; }
    times+=("$(echo "$end - $start" | bc -l)")
  done
  median "${times[@]}"
}

line() { printf '%-22s %7.2fs (%s rows/sec)\n' "$1:" "$2" "$(echo "$rows / $2" | bc)"; }

yard=$(run_yardstick)
a1=$(run_pz append_x1 1 append)
a4=$(run_pz append_x4 4 append)
m1=$(run_pz merge_x1 1 merge)

echo "rows: $rows   server: $(psqlq -c 'show server_version')   cores: $(nproc)   median of 3"
line "yardstick psql copy" "$yard"
line "pz read x1 append" "$a1"
line "pz read x4 append" "$a4"
line "pz read x1 merge" "$m1"
printf 'ratio append x1: %.2fx   append x4: %.2fx   merge: %.2fx   (targets: append <= 1.5x, merge <= 3x)\n' \
  "$(echo "$a1 / $yard" | bc -l)" "$(echo "$a4 / $yard" | bc -l)" "$(echo "$m1 / $yard" | bc -l)"
