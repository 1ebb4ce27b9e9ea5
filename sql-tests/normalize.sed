# Error lines differ between sqlite3 shell versions; make them one form.
s/^Runtime error near line [0-9]*: /error: /
s/^Error: near line [0-9]*: /error: /
s/^Error near line [0-9]*: /error: /
s/^Error: stepping, /error: /
s/^Error: /error: /
/^error: /s/ ([0-9]*)$//
# A wrong argument count is refused when SQLite prepares the statement: one
# line, without the statement and caret the shell prints under it.
/^Parse error near line [0-9]*: wrong number of arguments to function /{
  N
  N
  s/^Parse error near line [0-9]*: \([^\n]*\)\n.*/error (prepare): \1/
}
# .mode quote: newer shells write BLOBs as x'ab' (3.40: X'AB'), so every
# BLOB literal becomes lower case, and infinities as 9.0e+999 (3.40: Inf);
# .limit no longer echoes the limit.
s/\b[xX]'\([0-9a-fA-F]*\)'/x'\L\1\E'/g
s/\([-,(']\|^\)9\.0e+999\b/\1Inf/g
/^ *length [0-9][0-9]*$/d
