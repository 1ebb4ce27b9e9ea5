/*
** ok_formats.h -- the registry: every key format `ok` speaks, one line each.
**
**   X(id, letter)
**
** id names everything of the format: its core descriptor ok_format_<id>,
** its header src/ok_<id>.h (installed; the native format's is ok.h), its
** SQL descriptor ok_sql_<id> in ext/<id>.c. letter is a lower-case ASCII
** letter of its own: the SQL layer tags the format's pieces with it as
** their subtype, and salted keys with its upper case. The core table
** ok_formats[], the declarations, the SQL table, the subtypes (checked
** distinct when ext/format.c compiles) and the installed headers (the
** Makefile reads the ids) all come from this list; the line's order is the
** order ok_formats() lists. README.md, "Adding a format", has the rest.
*/
#ifndef OK_FORMATS_H
#define OK_FORMATS_H

#define OK_FORMAT_LIST(X) \
  X(native, 'k')          \
  X(fdb, 'f')             \
  X(hbase, 'h')           \
  X(crdb, 'c')            \
  X(tidb, 't')            \
  X(tikv, 'w')            \
  X(bytewise, 'b')        \
  X(charwise, 'a')        \
  X(orderedcode, 'g')     \
  X(orderedbinary, 'n')   \
  X(firefox, 'm')         \
  X(webkit, 'e')          \
  X(chrome, 'i')          \
  X(chromesql, 's')       \
  X(keystring, 'y')       \
  X(orderly, 'o')

#endif /* OK_FORMATS_H */
