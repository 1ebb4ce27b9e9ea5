#!/bin/sh
# java.sh old|new CLASS ARGS...: compiles test/java/CLASS.java and runs it
# with a JDK whose Double.toString is the one before Java 19 (old: 11 to
# 18, as Debian's OpenJDK 17, which `sh setup.sh --test` installs; the
# programs use Java 11's API, so not 8) or from Java 19 on (new), found in
# JAVA_HOME, on the PATH or in /usr/lib/jvm. Exits 3 when there is none.
cd "$(dirname "$0")" || exit 2
want=$1
class=$2
shift 2
for bin in ${JAVA_HOME:+"$JAVA_HOME/bin"} "$(dirname "$(command -v javac 2>/dev/null || echo /x/x)")" /usr/lib/jvm/*/bin; do
  [ -x "$bin/javac" ] && [ -x "$bin/java" ] || continue
  major=$("$bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
  case $want in
    old) [ "${major:-0}" -ge 11 ] && [ "$major" -lt 19 ] || continue ;;
    new) [ "${major:-0}" -ge 19 ] || continue ;;
  esac
  classes=$(mktemp -d)
  "$bin/javac" -d "$classes" "$class.java" && "$bin/java" -cp "$classes" "$class" "$@"
  status=$?
  rm -rf "$classes"
  exit $status
done
exit 3
