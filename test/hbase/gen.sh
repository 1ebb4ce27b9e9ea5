#!/bin/sh
# gen.sh N: runs Decimals.java N with a JDK of version 19 or later (whose
# Double.toString gives the shortest decimal, as HBase's numeric encoding is
# specified here), from JAVA_HOME, the PATH or /usr/lib/jvm. Exits 3 when
# there is none.
cd "$(dirname "$0")" || exit 2
for bin in ${JAVA_HOME:+"$JAVA_HOME/bin"} "$(dirname "$(command -v javac 2>/dev/null || echo /x/x)")" /usr/lib/jvm/*/bin; do
  [ -x "$bin/javac" ] && [ -x "$bin/java" ] || continue
  major=$("$bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  [ "${major:-0}" -ge 19 ] || continue
  classes=$(mktemp -d)
  "$bin/javac" -d "$classes" Decimals.java && "$bin/java" -cp "$classes" Decimals "${1:-100000}"
  status=$?
  rm -rf "$classes"
  exit $status
done
exit 3
