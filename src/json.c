/*
** json.c -- JSON text (RFC 8259) read in place: a cursor over the text,
** which the reader of a JSON-shaped input (MongoDB's Extended JSON) moves
** value by value. Nothing is allocated: a string is given as its text
** between the quotes, checked, and unescaped where its bytes are needed.
*/
#include "internal.h"

static int space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The four hex digits of a \u escape at s. */
static int hex4(const char *s, unsigned *u) {
  int k, d;
  for (*u = 0, k = 0; k < 4; k++) {
    if ((d = ok_hex_digit((unsigned char)s[k])) < 0) return 0;
    *u = *u << 4 | (unsigned)d;
  }
  return 1;
}

int ok_json_peek(ok_json *j) {
  char c;
  while (j->i < j->n && space(j->s[j->i])) j->i++;
  if (j->i == j->n) return 0;
  c = j->s[j->i];
  if (c == '"' || c == '{' || c == '[' || c == 't' || c == 'f' || c == 'n') return c;
  return c == '-' || (c >= '0' && c <= '9') ? '-' : 0;
}

int ok_json_expect(ok_json *j, char c) {
  while (j->i < j->n && space(j->s[j->i])) j->i++;
  if (j->i == j->n || j->s[j->i] != c) return 0;
  j->i++;
  return 1;
}

/* The character at raw[*i] (an escape read whole, a surrogate pair as its
** one character) as UTF-8 in out: its length; 0 for a bad escape or a
** lone surrogate. raw is a string's text, its bytes checked as UTF-8. */
static size_t next_char(const char *raw, size_t n, size_t *i, uint8_t out[4]) {
  unsigned u, lo;
  if (raw[*i] != '\\') return out[0] = (uint8_t)raw[(*i)++], 1;
  if (*i + 1 == n) return 0;
  switch (raw[*i + 1]) {
    case '"': out[0] = '"'; break;
    case '\\': out[0] = '\\'; break;
    case '/': out[0] = '/'; break;
    case 'b': out[0] = '\b'; break;
    case 'f': out[0] = '\f'; break;
    case 'n': out[0] = '\n'; break;
    case 'r': out[0] = '\r'; break;
    case 't': out[0] = '\t'; break;
    case 'u':
      if (n - *i < 6 || !hex4(raw + *i + 2, &u)) return 0;
      *i += 6;
      if (u >= 0xDC00 && u <= 0xDFFF) return 0; /* a low surrogate first */
      if (u >= 0xD800 && u <= 0xDBFF) {         /* a high one: its pair follows */
        if (n - *i < 6 || raw[*i] != '\\' || raw[*i + 1] != 'u' || !hex4(raw + *i + 2, &lo) ||
            lo < 0xDC00 || lo > 0xDFFF)
          return 0;
        *i += 6;
        u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
      }
      return ok_utf8_encode(out, u);
    default: return 0;
  }
  *i += 2;
  return 1;
}

int ok_json_string(ok_json *j, const char **raw, size_t *len) {
  size_t i, start, k;
  uint8_t c4[4];
  if (!ok_json_expect(j, '"')) return OK_E_SYNTAX;
  start = i = j->i;
  for (;;) { /* to the closing quote: escapes stepped over, control characters refused */
    if (i == j->n) return j->i = i, OK_E_TRUNCATED;
    if (j->s[i] == '"') break;
    if ((uint8_t)j->s[i] < 0x20) return j->i = i, OK_E_SYNTAX;
    if (j->s[i] == '\\') { /* checked as it will be read */
      size_t at = i;
      if (!next_char(j->s, j->n, &i, c4)) return j->i = at, OK_E_SYNTAX;
      continue;
    }
    i++;
  }
  if ((k = ok_utf8_check((const uint8_t *)j->s + start, i - start)) != i - start)
    return j->i = start + k, OK_E_SYNTAX; /* not UTF-8 */
  *raw = j->s + start, *len = i - start;
  j->i = i + 1;
  return OK_OK;
}

size_t ok_json_unescape(uint8_t *out, const char *raw, size_t n) {
  size_t i = 0, o = 0, k;
  uint8_t c4[4];
  while (i < n) {
    const char *esc = memchr(raw + i, '\\', n - i); /* the run before it as it is */
    k = esc ? (size_t)(esc - raw) - i : n - i;
    if (out) memcpy(out + o, raw + i, k);
    o += k, i += k;
    if (i == n) break;
    k = next_char(raw, n, &i, c4);
    if (out) memcpy(out + o, c4, k);
    o += k;
  }
  return o;
}

int ok_json_number(ok_json *j, const char **text, size_t *len) {
  size_t i, start, d;
  const char *s = j->s;
  if (ok_json_peek(j) != '-') return OK_E_SYNTAX;
  start = i = j->i;
  if (s[i] == '-') i++;
  for (d = i; i < j->n && s[i] >= '0' && s[i] <= '9'; i++) continue;
  if (i == d || (s[d] == '0' && i - d > 1)) return j->i = d, OK_E_SYNTAX; /* none, or 0 led */
  if (i < j->n && s[i] == '.') {
    for (d = ++i; i < j->n && s[i] >= '0' && s[i] <= '9'; i++) continue;
    if (i == d) return j->i = i, OK_E_SYNTAX;
  }
  if (i < j->n && (s[i] == 'e' || s[i] == 'E')) {
    if (++i < j->n && (s[i] == '+' || s[i] == '-')) i++;
    for (d = i; i < j->n && s[i] >= '0' && s[i] <= '9'; i++) continue;
    if (i == d) return j->i = i, OK_E_SYNTAX;
  }
  *text = s + start, *len = i - start;
  j->i = i;
  return OK_OK;
}

int ok_json_word(ok_json *j, const char *w) {
  size_t k = strlen(w);
  ok_json_peek(j);
  if (j->n - j->i < k || memcmp(j->s + j->i, w, k) != 0) return OK_E_SYNTAX;
  j->i += k;
  return OK_OK;
}

int ok_json_more(ok_json *j, char close, int first) {
  if (ok_json_expect(j, close)) return 0;
  if (first) return 1;
  return ok_json_expect(j, ',') ? 1 : -1;
}

int ok_json_name(ok_json *j, const char **raw, size_t *len) {
  int rc = ok_json_string(j, raw, len);
  if (rc != OK_OK) return rc;
  return ok_json_expect(j, ':') ? OK_OK : OK_E_SYNTAX;
}

int ok_json_skip(ok_json *j, int depth) {
  const char *raw;
  size_t len;
  int c = ok_json_peek(j), first, more;
  switch (c) {
    case '"': return ok_json_string(j, &raw, &len);
    case '-': return ok_json_number(j, &raw, &len);
    case 't': return ok_json_word(j, "true");
    case 'f': return ok_json_word(j, "false");
    case 'n': return ok_json_word(j, "null");
    case '{':
    case '[':
      if (depth <= 0) return OK_E_RANGE;
      j->i++;
      for (first = 1; (more = ok_json_more(j, c == '{' ? '}' : ']', first)) > 0; first = 0) {
        int rc = c == '{' ? ok_json_name(j, &raw, &len) : OK_OK;
        if (rc == OK_OK) rc = ok_json_skip(j, depth - 1);
        if (rc != OK_OK) return rc;
      }
      return more < 0 ? OK_E_SYNTAX : OK_OK;
  }
  return OK_E_SYNTAX;
}
