# Error lines differ between sqlite3 shell versions; make them one form.
s/^Runtime error near line [0-9]*: /error: /
s/^Error: near line [0-9]*: /error: /
s/^Error: stepping, /error: /
/^error: /s/ ([0-9]*)$//
