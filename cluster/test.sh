#!/bin/sh
# cluster/test.sh BUILD_DIR: ok in a replicated SQLite cluster (dqlite).
# Three ok-dqlite-node processes on 127.0.0.1 (free ports), SQL through
# go-dqlite's driver (ok-dqlite-sql): a table with an ok_pack expression
# index over several columns, one descending; thousands of rows; ORDER BY
# the key uses the index and gives the order of ORDER BY over the columns;
# a range by ok_prefix_end; then the leader is killed (SIGKILL), a new one
# elected, every check again, more rows written, the killed node restarted
# and caught up; leaders are killed until every node has led once, so that
# each node's copy has answered. Prints the failover times and ends with
# "N passed, M failed". Every wait is bounded.
cd "$(dirname "$0")/.." || exit 2
B=${1:-build}
node=$B/ok-dqlite-node
client=$B/ok-dqlite-sql
if [ ! -x "$node" ] || [ ! -x "$client" ]; then
  echo "skipped: $node or $client not built (libdqlite-dev, golang-go and golang-github-canonical-go-dqlite-dev: sh setup.sh --test installs them)"
  if [ "${CI:-}" = true ]; then echo "0 passed, 1 failed"; else echo "0 passed, 0 failed"; fi
  exit 0
fi
dir=$(mktemp -d)
pass=0
fail=0
stop_all() {
  for i in 1 2 3; do [ -f "$dir/pid$i" ] && kill -9 "$(cat "$dir/pid$i")" 2>/dev/null; done
  rm -rf "$dir"
}
trap stop_all EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# three free ports, as the kernel hands them out
set -- $(/usr/bin/python3 -c '
import socket
s = [socket.socket() for _ in range(3)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))')
addr1=127.0.0.1:$1 addr2=127.0.0.1:$2 addr3=127.0.0.1:$3
all=$addr1,$addr2,$addr3
addr() { eval echo "\$addr$1"; }
now() { date +%s.%N; }

start() { # start ID [JOIN]: a node in the background, its pid kept
  "$node" "$1" "$(addr "$1")" "$dir/n$1" ${2:-} >>"$dir/log$1" 2>&1 &
  echo $! >"$dir/pid$1"
}
sql() { timeout 30 "$client" "$all" app "$@"; }
# wait_for SECONDS COMMAND...: until the command succeeds
wait_for() {
  t=$1
  shift
  end=$(($(date +%s) + t))
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -ge "$end" ] && return 1
    sleep 0.1
  done
}
voters() { [ "$(timeout 5 dqlite -s "$all" app .cluster 2>/dev/null | grep -c voter)" = 3 ]; }

start 1
wait_for 10 sh -c "timeout 5 dqlite -s $addr1 app .cluster | grep -q voter" || bad "node 1 did not start"
start 2 "$addr1"
start 3 "$addr1"
if wait_for 20 voters; then ok; else bad "three voters"; cat "$dir"/log*; fi

key="ok_pack(a, ok_desc(b), c, id)"
sql "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c REAL)" \
  "CREATE INDEX t_key ON t($key)" || bad "schema"
# rows: `n` more, made from their ids (ties in a and b, NULLs, both signs)
insert() {
  sql "INSERT INTO t(id, a, b, c) WITH RECURSIVE n(i) AS (SELECT $1 UNION ALL SELECT i + 1
       FROM n WHERE i < $2) SELECT i, i % 17, CASE WHEN i % 11 = 0 THEN NULL
       ELSE 'k' || (i * 7919 % 101) END, CASE WHEN i % 13 = 0 THEN NULL ELSE (i % 29) - 14.5 END FROM n"
}
insert 1 3000 || bad "insert 3000 rows"

check_all() { # check_all ROWS WHEN: the index, the order, a range, integrity
  n=$(sql "SELECT count(*) FROM t")
  [ "$n" = "$1" ] && ok || bad "$2: $n rows, not $1"
  plan=$(sql "EXPLAIN QUERY PLAN SELECT id FROM t ORDER BY $key")
  case "$plan" in *"USING INDEX t_key"*) ok ;; *) bad "$2: ORDER BY the key does not use t_key: $plan" ;; esac
  by_key=$(sql "SELECT group_concat(id) FROM (SELECT id FROM t ORDER BY $key)")
  by_columns=$(sql "SELECT group_concat(id) FROM (SELECT id FROM t ORDER BY a, b DESC, c, id)")
  [ -n "$by_key" ] && [ "$by_key" = "$by_columns" ] && ok || bad "$2: ORDER BY the key is not ORDER BY the columns"
  in_range=$(sql "SELECT count(*) FROM t WHERE $key >= ok_pack(5) AND $key < ok_prefix_end(ok_pack(5))")
  by_a=$(sql "SELECT count(*) FROM t WHERE a = 5")
  [ -n "$in_range" ] && [ "$in_range" = "$by_a" ] && ok || bad "$2: range by ok_prefix_end: $in_range rows, a = 5: $by_a"
  integrity=$(sql "PRAGMA integrity_check")
  [ "$integrity" = ok ] && ok || bad "$2: integrity_check: $integrity"
}
check_all 3000 "before failover"

leader_id() { # the id of the node that leads now
  a=$(timeout 5 dqlite -s "$all" app .leader 2>/dev/null)
  for i in 1 2 3; do [ "$(addr $i)" = "$a" ] && echo $i; done
}
rows=3000
led=""
round=0
while [ $round -lt 12 ]; do # kill leaders until every node has led (an election is a coin toss between two: 12 rounds miss one node about once in 2,000 runs)
  round=$((round + 1))
  id=$(leader_id)
  [ -n "$id" ] || { bad "round $round: no leader"; break; }
  case " $led " in *" $id "*) ;; *) led="$led $id" ;; esac
  [ "$(echo $led | wc -w)" = 3 ] && break
  t0=$(now)
  kill -9 "$(cat "$dir/pid$id")"
  # failover: until the cluster answers a write again
  if wait_for 30 sql "INSERT INTO t(id, a, b, c) VALUES ($((rows + 1)), 5, 'after', 1.5)"; then
    t1=$(now)
    rows=$((rows + 1))
    echo "round $round: node $id (leader) killed; node $(leader_id) leads, writes again after $(awk "BEGIN { printf \"%.2f\", $t1 - $t0 }") s"
    ok
  else
    bad "round $round: no leader after killing node $id"
    break
  fi
  check_all $rows "round $round, node $id down"
  insert $((rows + 1)) $((rows + 500)) && rows=$((rows + 500)) || bad "round $round: insert with node $id down"
  start "$id" # it rejoins with its data and catches up
  wait_for 20 voters || bad "round $round: node $id did not rejoin"
  sleep 1
done
[ "$(echo $led | wc -w)" = 3 ] && ok || bad "not every node led:$led"
check_all $rows "at the end"
# clean shutdown on SIGTERM
for i in 1 2 3; do kill -TERM "$(cat "$dir/pid$i")"; done
for i in 1 2 3; do
  if wait_for 10 grep -q "ok-dqlite-node $i stopped" "$dir/log$i"; then ok; else bad "node $i did not stop cleanly on SIGTERM"; fi
done
echo "$rows rows, 0 lost: nodes led in turn:$led"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
