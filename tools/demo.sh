#!/bin/sh
# make demo: loads the freshly built extension into the sqlite3 shell and
# shows keys that sort like SQL values.
cd "$(dirname "$0")/.." || exit 1
B=${1:-build}
sqlite3 -batch -init /dev/null -cmd ".load $B/ok" :memory: <<'SQL'
.mode box
.echo on
-- Mixed values: ORDER BY on the key gives SQLite's own order.
CREATE TABLE v(x);
INSERT INTO v VALUES (10), (9.5), ('apple'), (NULL), (x'00'), (-3), ('Apple'), (9007199254740993), (9007199254740992.0), (-0.0);
SELECT quote(x) AS value, ok_hex(ok_pack(x)) AS key FROM v ORDER BY ok_pack(x);
-- Composite keys with a descending part: user ascending, newest first.
CREATE TABLE events(user_id INTEGER, ts INTEGER, what TEXT);
INSERT INTO events VALUES (2, 1700000300, 'login'), (1, 1700000100, 'login'), (1, 1700000500, 'buy'), (2, 1700000100, 'logout'), (1, NULL, 'unknown');
SELECT user_id, ts, what, ok_hex(ok_pack(user_id, ok_desc(ts))) AS key FROM events ORDER BY ok_pack(user_id, ok_desc(ts));
-- Read a key back.
SELECT ok_unpack_col(ok_pack(42, 'abc', NULL), 2) AS second, ok_unpack_col(ok_pack(42, 'abc', NULL), -3) AS first;
-- A range scan over an expression index: every population key from 1,000,000 up.
CREATE TABLE city(name TEXT, pop INTEGER);
INSERT INTO city VALUES ('Chicago', 2746388), ('Boston', 675647), ('Houston', 2304580), ('Austin', 961855);
CREATE INDEX city_by_pop ON city(ok_pack('population', pop, name));
SELECT name, pop FROM city
 WHERE ok_pack('population', pop, name) >= ok_pack('population', 1000000)
   AND ok_pack('population', pop, name) <  ok_prefix_end(ok_pack('population'))
 ORDER BY ok_pack('population', pop, name);
SQL
