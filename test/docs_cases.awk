# docs_cases.awk -v dir=DIR FILES: the examples of the docs whose result is
# stated on the lines after them. In a ```sql block, a statement from a
# line starting with SELECT to the line that ends in ";", followed by lines
# "-- output": DIR/N.sql gets the statements before it in the block that
# make tables (CREATE, INSERT) and then it; DIR/N.want the output; and
# DIR/N.where the file and line.
function flush() {
  if (want != "") {
    n++
    printf "%s%s", setup, stmt > (dir "/" n ".sql"); close(dir "/" n ".sql")
    printf "%s", want > (dir "/" n ".want"); close(dir "/" n ".want")
    printf "%s:%d\n", FILENAME, line > (dir "/" n ".where"); close(dir "/" n ".where")
  }
  stmt = ""; want = ""; after = 0
}
FNR == 1 { inb = 0; stmt = ""; want = ""; after = 0 }
/^```sql/ { inb = 1; setup = ""; insetup = 0; next }
/^```/ { if (inb) flush(); inb = 0; next }
inb {
  if (after) {
    if ($0 ~ /^-- /) { want = want substr($0, 4) "\n"; next }
    flush()
  }
  if (insetup || $0 ~ /^(CREATE|INSERT) /) {
    setup = setup $0 "\n"; insetup = $0 !~ /;/
    next
  }
  if (stmt == "" && $0 ~ /^SELECT /) { stmt = $0 "\n"; line = FNR }
  else if (stmt != "") stmt = stmt $0 "\n"
  if (stmt != "" && $0 ~ /; +-- /) stmt = ""  # a one-line example or a remark
  else if (stmt != "" && $0 ~ /;[ \t]*$/) after = 1
}
