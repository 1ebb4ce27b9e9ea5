/*
** functions.h -- the SQL functions that belong to no one format: each file
** holds its own table (the formats' tables are in their descriptors).
*/
#ifndef OK_FUNCTIONS_H
#define OK_FUNCTIONS_H

#include "sql.h"

extern const ok_sql_function ok_sql_read_functions[];    /* read.c: unpack, hex, count... */
extern const ok_sql_function ok_sql_render_functions[];  /* render.c: ok_quote, ok_json */
extern const ok_sql_function ok_sql_salt_functions[];    /* salt.c: salts and hashes */
extern const ok_sql_function ok_sql_string_functions[];  /* strings.c: b64, hex, lexi */
extern const ok_sql_function ok_sql_convert_functions[]; /* convert.c: ok_convert */
extern const ok_sql_function ok_sql_mvcc_functions[];    /* mvcc.c: MVCC stores' versions */

/* The table-valued functions: ok_each (each.c), ok_chrome_key
** (chrome_key.c: Chrome's LevelDB keys around its 'chrome' keys). */
int ok_sql_each_register(sqlite3 *db);
int ok_sql_chrome_key_register(sqlite3 *db);

#endif /* OK_FUNCTIONS_H */
