-- The extension loads, reports its version and registers exactly these
-- functions, each with the flags it needs.
.mode quote
.echo on
SELECT 'version', ok_version();
-- flags: deterministic 0x800, innocuous 0x200000, subtype 0x100000;
-- every ok_ function is deterministic and innocuous, with one row for each
-- argument count it takes (SQLite refuses others when it prepares the
-- call); narg -1 where any count is taken. Those that give WebKit's TEXT
-- keys also in UTF-16, where they refuse a key SQLite would re-encode.
SELECT name, narg, enc, builtin, flags & 0x800 <> 0 AS deterministic,
       flags & 0x200000 <> 0 AS innocuous, flags & 0x100000 <> 0 AS reads_subtype
  FROM pragma_function_list WHERE name LIKE 'ok\_%' ESCAPE '\' ORDER BY name, narg, enc;
-- and one table-valued function
SELECT name FROM pragma_module_list WHERE name LIKE 'ok\_%' ESCAPE '\' ORDER BY name;
