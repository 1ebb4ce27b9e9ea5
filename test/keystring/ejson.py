#!/usr/bin/python3
"""ejson.py BUILD_DIR [COUNT]: KeyStrings and their TypeBits built from
MongoDB's Extended JSON (ok_keystring_from_ejson, ok_keystring_typebits),
against second writers of both.

On COUNT seeded random keys (the same every run) of typed BSON values
(int32, int64, double with -0.0, NaN and the infinities, Decimal128 with its
exponent, string and symbol with NULs and characters past the BMP, objects,
arrays, ObjectIds, Dates, Timestamps, BinData, regular expressions,
DBPointers, code, code with scope, MinKey, MaxKey, undefined, null,
booleans; a record id, a clustered collection's, or a query bound's
discriminator at the end), under random key patterns (descending fields,
version 0, clustered):
  - the key built from the canonical Extended JSON is the key
    ok_keystring_pack builds from the same values given as SQL values and
    constructors (a second writer of the key: ok's, but another path);
  - the TypeBits are this file's: each value's bits as key_string.cpp's
    TypeBits::append* write them, stored as TypeBits::getBuffer gives them
    (00 all zeros, one byte below 0x80 alone, else a size and the bytes);
  - ok_keystring_ejson reads key and TypeBits back as the same typed values,
    and what it shows builds them again (a clustered record id, which has
    no TypeBits, shown typed by its value);
  - the relaxed and legacy forms of the same values (1 for an int32, 2.5
    for a double, {"$date": "..."}, {"$binary": ..., "$type": ...}) build
    the same key and TypeBits.
MongoDB's own code cannot run here: this file's TypeBits writer is a
reading of key_string.cpp, checked on the real tokens in sql-tests.
Ends with "N passed, M failed".
"""
import json
import math
import os
import random
import sys
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, connect, finish  # noqa: E402

rng = random.Random(0x656A73)


class V:
    """A typed value: t its kind, v its data."""

    def __init__(self, t, v=None, w=None):
        self.t, self.v, self.w = t, v, w


def text():
    pool = ["a", "b", "\x00", "é", "\u20ac", "\U0001F600", "\x7f", "z", " ", "\""]
    return "".join(rng.choice(pool) for _ in range(rng.randrange(0, 6)))


def cstring():
    return text().replace("\x00", "")


def names(k):
    """k field names, none twice (a JSON object's names are a dict's keys here)."""
    out = []
    while len(out) < k:
        n = cstring()
        if n not in out:
            out.append(n)
    return out


def oid():
    return "".join(rng.choice("0123456789abcdef") for _ in range(24))


def decimal(v0):
    r = rng.random()
    if r < 0.05:
        return Decimal(rng.choice(["NaN", "Infinity", "-Infinity"]))
    if r < 0.12:
        return Decimal((rng.randrange(2), (0,), rng.randrange(-6176, 6112)))
    digits = [rng.randrange(1, 10)] + [rng.randrange(10) for _ in range(rng.randrange(0, 34))]
    if rng.random() < 0.3:
        digits = digits[:rng.randrange(1, len(digits) + 1)] + [0] * rng.randrange(0, 5)
        digits = digits[:34]
    exp = rng.choice([rng.randrange(-6176, 6112 - len(digits) + 1 + len(digits) - 1),
                      rng.randrange(-40, 20), -len(digits) + rng.randrange(-3, 4)])
    exp = max(-6176, min(exp, 6111))
    return Decimal((rng.randrange(2), tuple(digits), exp))


def double():
    r = rng.random()
    if r < 0.1:
        return rng.choice([0.0, -0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, 1.7976931348623157e308])
    if r < 0.3:
        return float(rng.randrange(-2**60, 2**60)) / rng.choice([1, 2, 4, 1024])
    return rng.uniform(-1, 1) * 10.0 ** rng.randrange(-320, 308)


def value(depth, v0):
    kinds = ["int32", "int64", "double", "decimal", "string", "symbol", "object", "array", "oid",
             "date", "timestamp", "binary", "regex", "dbpointer", "code", "codewscope", "minkey",
             "maxkey", "undefined", "null", "bool"]
    if v0:
        kinds.remove("decimal")
    if depth > 3:
        kinds = [k for k in kinds if k not in ("object", "array", "codewscope")]
    k = rng.choice(kinds)
    if k == "int32":
        return V(k, rng.choice([0, 1, -1, 2**31 - 1, -2**31, rng.randrange(-2**31, 2**31)]))
    if k == "int64":
        return V(k, rng.choice([0, 2**63 - 1, -2**63, 2**53 + 1, rng.randrange(-2**63, 2**63)]))
    if k == "double":
        return V(k, double())
    if k == "decimal":
        return V(k, decimal(v0))
    if k in ("string", "symbol", "code"):
        return V(k, text())
    if k == "object":
        return V(k, [(n, value(depth + 1, v0)) for n in names(rng.randrange(0, 4))])
    if k == "array":
        if depth == 0 and rng.random() < 0.03:  # TypeBits past 127 bytes (SQL calls take 127 arguments)
            return V(k, [V(k, [value(3, v0) for _ in range(100)]) for _ in range(rng.randrange(1, 13))])
        if depth == 0 and rng.random() < 0.03:  # many bits in a short key: zeros of 5 and 17 bits
            return V(k, [V("double", -0.0) if v0 or rng.random() < 0.3 else V("decimal", Decimal((rng.randrange(2), (0,), rng.randrange(-6176, 6112))))
                         for _ in range(rng.randrange(10, 45))])
        return V(k, [value(depth + 1, v0) for _ in range(rng.randrange(0, 4))])
    if k == "oid":
        return V(k, oid())
    if k == "date":
        return V(k, rng.choice([0, -1, 8640000000000000, -8640000000000000,
                                rng.randrange(-2**43, 2**43)]))
    if k == "timestamp":
        return V(k, rng.randrange(2**32), rng.randrange(2**32))
    if k == "binary":
        return V(k, bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 16, 300]))),
                 rng.choice([0, 4, 128, 255]))
    if k == "regex":
        return V(k, cstring(), rng.choice(["", "i", "imsx"]))
    if k == "dbpointer":
        return V(k, cstring(), oid())
    if k == "codewscope":
        return V(k, text(), [(n, value(depth + 2, v0)) for n in names(rng.randrange(0, 3))])
    if k == "bool":
        return V(k, rng.randrange(2))
    return V(k)


# --- The canonical Extended JSON (as ok_keystring_ejson writes it) and the relaxed


def dtext(d):
    if math.isnan(d):
        return "NaN"
    if math.isinf(d):
        return "Infinity" if d > 0 else "-Infinity"
    return repr(d)


def b64(p):
    import base64
    return base64.b64encode(p).decode()


def ejson(x, relaxed=False):
    t = x.t
    if t == "int32":
        return x.v if relaxed else {"$numberInt": str(x.v)}
    if t == "int64":
        if relaxed and not -2**31 <= x.v < 2**31:
            return x.v
        return {"$numberLong": str(x.v)}
    if t == "double":
        if relaxed and math.isfinite(x.v) and (x.v != int(x.v) or abs(x.v) >= 2**63):
            return x.v  # a fraction or an exponent: a double, never an integer
        return {"$numberDouble": dtext(x.v)}
    if t == "decimal":
        return {"$numberDecimal": str(x.v)}
    if t == "string":
        return x.v
    if t == "symbol":
        return {"$symbol": x.v}
    if t == "object":
        return {n: ejson(v, relaxed) for n, v in x.v}
    if t == "array":
        return [ejson(v, relaxed) for v in x.v]
    if t == "oid":
        return {"$oid": x.v}
    if t == "date":
        if relaxed and 0 <= x.v < 253402300800000 and x.v % 1000 == 0:
            import datetime
            s = datetime.datetime.fromtimestamp(x.v // 1000, datetime.timezone.utc)
            return {"$date": s.strftime("%Y-%m-%dT%H:%M:%SZ")}
        return {"$date": {"$numberLong": str(x.v)}}
    if t == "timestamp":
        return {"$timestamp": {"t": x.v, "i": x.w}}
    if t == "binary":
        if relaxed:
            return {"$binary": b64(x.v), "$type": "%02x" % x.w}
        return {"$binary": {"base64": b64(x.v), "subType": "%02x" % x.w}}
    if t == "regex":
        if relaxed:
            return {"$regex": x.v, "$options": x.w}
        return {"$regularExpression": {"pattern": x.v, "options": x.w}}
    if t == "dbpointer":
        return {"$dbPointer": {"$ref": x.v, "$id": {"$oid": x.w}}}
    if t == "code":
        return {"$code": x.v}
    if t == "codewscope":
        return {"$code": x.v, "$scope": {n: ejson(v, relaxed) for n, v in x.w}}
    if t in ("minkey", "maxkey"):
        return {"$minKey" if t == "minkey" else "$maxKey": 1}
    if t == "undefined":
        return {"$undefined": True}
    if t == "null":
        return None
    if t == "bool":
        return bool(x.v)
    raise ValueError(t)


# --- The same values for ok_keystring_pack: SQL text and its parameters

CONSTRUCTORS = {"oid": "oid", "date": "date", "code": "code", "bool": "bool", "timestamp": "timestamp",
                "binary": "bindata", "regex": "regex", "dbpointer": "dbpointer"}


def sql(x, params):
    t = x.t
    if t in ("int32", "int64", "string", "symbol"):
        params.append(x.v)
        return "?"
    if t == "double":
        if math.isnan(x.v):
            return "ok_keystring_nan()"
        params.append(x.v)
        return "?"
    if t == "decimal":
        if x.v.is_nan():
            return "ok_keystring_nan()"
        params.append(str(x.v) if x.v.is_finite() else float(x.v))  # infinities: a double's key
        return "ok_keystring_decimal(?)" if x.v.is_finite() else "?"
    if t == "object":
        parts = []
        for n, v in x.v:
            params.append(n)
            parts.append("?, " + sql(v, params))
        return "ok_keystring_object(%s)" % ", ".join(parts)
    if t == "array":
        return "ok_keystring_array(%s)" % ", ".join(sql(v, params) for v in x.v)
    if t in CONSTRUCTORS:  # its data as the constructor's arguments
        args = [x.v] if x.w is None else [x.v, x.w]
        params += args
        return "ok_keystring_%s(%s)" % (CONSTRUCTORS[t], ", ".join("?" * len(args)))
    if t == "codewscope":
        params.append(x.v)
        return "ok_keystring_codewscope(?, %s)" % sql(V("object", x.w), params)
    if t == "null":
        return "NULL"
    return "ok_keystring_%s()" % t


# --- TypeBits, as key_string.cpp appends them


def typebits(x, bits, v0):
    t = x.t
    if t in ("string", "symbol"):
        bits.append(int(t == "symbol"))
    elif t in ("int32", "int64"):
        bits += [0, int(t == "int64")]
    elif t == "double":
        if x.v == 0 and math.copysign(1, x.v) < 0:
            bits += [1, 1] if v0 else [1, 1, 0, 0, 0]
        else:
            bits += [1, 0]
    elif t == "decimal":
        bits += [1, 1]
        sign, digits, exp = x.v.as_tuple()
        if x.v.is_nan() or x.v.is_infinite():
            return
        if x.v.is_zero():
            which = (exp + 6176) + (12288 if sign else 0)
            bits += [int(c) for c in format(2 + (which >> 12), "03b")]
            bits += [int(c) for c in format(which & 0xFFF, "012b")]
        else:
            bits += [int(c) for c in format((exp + 6176) & 63, "06b")]
    elif t in ("object", "array", "codewscope"):
        for v in (x.v if t == "array" else [v for _, v in (x.v if t == "object" else x.w)]):
            typebits(v, bits, v0)


def stored(bits):
    data = bytearray((len(bits) + 7) // 8)
    for i, b in enumerate(bits):
        data[i // 8] |= b << (i % 8)
    if not any(data):
        return b"\x00"
    if len(data) == 1 and data[0] < 0x80:
        return bytes(data)
    if len(data) <= 127:
        return bytes([0x80 | len(data)]) + bytes(data)
    return b"\x80" + len(data).to_bytes(4, "little") + bytes(data)


# --- Reading back: the canonical JSON, values compared as MongoDB's types


def same(a, b):
    """a (ok_keystring_ejson's, parsed) is the canonical b."""
    if isinstance(b, dict) and "$numberDouble" in b:
        if not isinstance(a, dict) or list(a) != ["$numberDouble"]:
            return False
        x, y = float(a["$numberDouble"]), float(b["$numberDouble"])
        return (math.isnan(x) and math.isnan(y)) or (x == y and math.copysign(1, x) == math.copysign(1, y))
    if isinstance(b, dict):
        return isinstance(a, dict) and list(a) == list(b) and all(same(a[k], b[k]) for k in b)
    if isinstance(b, list):
        return isinstance(a, list) and len(a) == len(b) and all(map(same, a, b))
    return type(a) is type(b) and a == b


def pattern(n):
    """A random key pattern for n values: its text, its directions, v0, clustered."""
    dirs = [rng.choice([1, -1]) for _ in range(min(n, 32))]
    v0 = rng.random() < 0.2
    clustered = not v0 and rng.random() < 0.15
    words = ", ".join("f%d: %d" % (i, d) for i, d in enumerate(dirs)) if dirs else ""
    p = ("{%s}" % words if words else "") + (" v0" if v0 else "") + (" clustered" if clustered else "")
    return p.strip(), v0, clustered


def main():
    build = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    db = connect(build, extensions=("ok",))
    for case in range(count):
        n = rng.randrange(0, 5)
        pat, v0, clustered = pattern(n)
        values = [value(0, v0) for _ in range(n)]
        end = rng.random()
        tail, tail_sql, tail_params = [], [], []
        if end < 0.2 and not clustered:
            rid = rng.choice([0, 1, 2**63 - 1, rng.randrange(2**40)])
            tail, tail_sql, tail_params = [{"recordid": {"$numberLong": str(rid)}}], ["ok_keystring_recordid(?)"], [rid]
        elif end < 0.4 and clustered:
            rid = value(2, False)
            p = []
            tail_sql = ["ok_keystring_clusterkey(%s)" % sql(rid, p)]
            tail_params = p
            tail = [{"recordid": ejson(rid, relaxed=True)}]
        elif end < 0.3:
            which = rng.choice(["exclusiveBefore", "exclusiveAfter"])
            tail = [{"discriminator": which}]
            tail_sql = ["ok_keystring_%s()" % ("exclusive_before" if which == "exclusiveBefore" else "exclusive_after")]
        canonical = [ejson(v) for v in values]
        j = json.dumps(canonical + tail)
        relaxed = json.dumps([ejson(v, True) for v in values] + tail)
        params = [pat]
        pieces = [sql(v, params) for v in values] + tail_sql
        params += tail_params
        bits = []
        for v in values:
            typebits(v, bits, v0)
        want_bits = stored(bits)
        try:
            want_key = db.execute("SELECT ok_keystring_pack(%s)" % ", ".join(["?"] + pieces), params).fetchone()[0]
        except Exception as e:  # noqa: BLE001
            check("pack", False, (j, pat, e))
            continue
        try:
            key, tb = db.execute("SELECT ok_keystring_from_ejson(?, ?), ok_keystring_typebits(?, ?)",
                                 (j, pat, j, pat)).fetchone()
        except Exception as e:  # noqa: BLE001
            check("from_ejson", False, (j, pat, e))
            continue
        check("key", key == want_key, (j, pat, key.hex(), want_key.hex()))
        check("typebits", tb == want_bits, (j, pat, tb.hex(), want_bits.hex()))
        try:
            back = json.loads(db.execute("SELECT ok_keystring_ejson(?, ?, ?)", (key, tb, pat)).fetchone()[0])
            want = json.loads(j)
            if clustered and tail and "recordid" in tail[0]:
                back, want = back[:-1], want[:-1]  # a clustered id is typed by its value: below
            check("read back", same(back, want), (j, pat, back))
            shown = db.execute("SELECT ok_keystring_ejson(?, ?, ?)", (key, tb, pat)).fetchone()[0]
            again = db.execute("SELECT ok_keystring_from_ejson(?1, ?2), ok_keystring_typebits(?1, ?2)",
                               (shown, pat)).fetchone()
            check("built again", again == (key, tb), (shown, pat))
        except Exception as e:  # noqa: BLE001
            check("read back", False, (j, pat, e))
        try:
            rkey, rtb = db.execute("SELECT ok_keystring_from_ejson(?, ?), ok_keystring_typebits(?, ?)",
                                   (relaxed, pat, relaxed, pat)).fetchone()
            check("relaxed", rkey == key and rtb == tb, (relaxed, pat, rkey.hex(), rtb.hex()))
        except Exception as e:  # noqa: BLE001
            check("relaxed", False, (relaxed, pat, e))
    finish()


main()
