#!/usr/bin/python3
"""decimals.py BUILD_DIR [COUNT]: KeyString's Decimal128s, against a second
writer of them.

MongoDB writes a NumberDecimal that no double equals with Intel's decimal
arithmetic (key_string.cpp, _appendNumberDecimal and the functions it
calls). ok does that arithmetic exactly with big integers (src/keystring.c).
This file writes the same bytes a second way, each of key_string.cpp's steps
done with Python's decimal module in Decimal128's context (IEEE 754 decimal
arithmetic: 34 digits, exponents -6176 to 6111, the rounding each step names)
and doubles with math.nextafter, none of ok's code. On COUNT seeded random
decimals (the same every run) of 1 to 34 digits, from every range the bytes
treat apart (the subnormals, 2^-255, 1, 2^53, 2^55, 2^63, DBL_MAX, beyond
the doubles both ways, Decimal128's own ends), each read as text by
ok_keystring_decimal:
  - the key is this file's bytes;
  - ok_json reads the key back as the same decimal ($numberDecimal, or the
    double or integer that equals it);
  - the keys of all of them, sorted as bytes, are in the order of their
    values, equal values side by side.
MongoDB's own code cannot run here (it needs a server build), and no key of
such a decimal written by MongoDB was found to compare with: this checks
ok's arithmetic, not the reading of key_string.cpp the two share.
Ends with "N passed, M failed".
"""
import json
import math
import os
import random
import sqlite3
import struct
import sys
from decimal import (ROUND_DOWN, ROUND_HALF_EVEN, ROUND_UP, Context,
                     Decimal)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, connect, finish  # noqa: E402

rng = random.Random(0x6B7364)
DBL_MAX = sys.float_info.max
DBL_MIN = sys.float_info.min


def context(rounding, prec=34):
    return Context(prec=prec, rounding=rounding, Emin=-6143, Emax=6144, clamp=1, traps=[])


DOWN, UP, EVEN = context(ROUND_DOWN), context(ROUND_UP), context(ROUND_HALF_EVEN)


def bits(d):
    return struct.unpack(">Q", struct.pack(">d", d))[0]


def toward_zero(m):
    """The largest double at or below the positive decimal m (DBL_MAX past it)."""
    f = float(m) if m <= Decimal(DBL_MAX) else DBL_MAX
    while Decimal(f) > m:
        f = math.nextafter(f, 0.0)
    return f


def normalize(x):
    """Decimal128's normalize(): x plus 0E-6176, 34 digits where it can."""
    return EVEN.add(x, Decimal("0E-6176"))


def decimal_word(x):
    """A positive Decimal128's 128 bits: 14 of biased exponent, 113 of coefficient."""
    _, digits, exp = normalize(x).as_tuple()
    return (exp + 6176) << 113 | int("".join(map(str, digits)))


# The type bytes of the positive numbers; a negative number's type is the
# mirror below 0x29 (zero) and its other bytes complemented.
SMALL, INT1, INT8, LARGE = 0x2A, 0x2B, 0x32, 0x33


def integer_part(v):
    """_appendPreshiftedIntegerPortion: v in as few bytes as hold it."""
    n = (v.bit_length() + 7) // 8
    return INT1 + n - 1, v.to_bytes(n, "big")


def small(b, dcm):
    if b >= 2.0**-255:
        return SMALL, (bits(b) << 2 | dcm).to_bytes(8, "big")
    return SMALL, (((bits(b * 2.0**256) << 1) | (dcm != 0)) + (1 << 62)).to_bytes(8, "big")


def large(b, dcm):
    return LARGE, (((bits(b) << 1) & ((1 << 63) - 1)) | (dcm != 0)).to_bytes(8, "big")


def double(b, dcm):
    """_appendDoubleWithoutTypeBits of a positive finite double."""
    if b < 1:
        return small(b, dcm)
    if b >= 2.0**63:
        return large(b, dcm)
    ip = int(b)
    if ip == b and dcm == 0:
        return integer_part(ip << 1)
    frac = (64 - (ip << 1).bit_length()) // 8
    word = int(b * float(256**frac)) + ((ip + 1) << (8 * frac)) | dcm
    return INT8 - frac, word.to_bytes(8, "big")


def continuation(m, stored):
    stored = normalize(stored)
    diff = EVEN.subtract(m, stored)
    _, digits, exp = diff.as_tuple()
    assert diff >= 0 and (exp == stored.as_tuple()[2] or diff == 0), (m, stored, diff)
    return int("".join(map(str, digits))).to_bytes(8, "big")


def tiny(m, b):
    """_appendTinyDecimalWithoutTypeBits: below the least normal double."""
    if b == 0:
        return SMALL, decimal_word(m).to_bytes(16, "big")
    up = DOWN.plus(Decimal(2.0**256))
    scaled = max(toward_zero(DOWN.multiply(m, up)), b * 2.0**256)
    stored = DOWN.multiply(DOWN.plus(Decimal(scaled)), DOWN.plus(Decimal(2.0**-256)))
    word = ((bits(scaled) << 1) | 1) + (1 << 62)
    return SMALL, word.to_bytes(8, "big") + continuation(m, stored)


def magnitude(m, coefficient):
    """_appendNumberDecimal of the positive m (coefficient: its own, trailing zeros kept)."""
    b = toward_zero(m)
    if Decimal(b) == m:
        return double(b, 0)
    if b < DBL_MIN:
        return tiny(m, b)
    if b >= DBL_MAX:
        return LARGE, (decimal_word(m) | 1 << 127).to_bytes(16, "big")
    if b >= 2.0**63:
        t, body = large(b, 1)
        stored = UP.plus(Decimal(b))
    elif b < 2.0**-255:
        t, body = small(b, 1)
        stored = UP.plus(Decimal(b))
    elif b >= 2.0**53:
        ip = int(m)
        t, body = integer_part(ip << 1 | (ip != m))
        if ip == m:
            return t, body
        if ip < 2**55:
            body += b"\x03"
        stored = Decimal(ip)
    elif coefficient < 10**15:
        return double(b, 2)
    else:
        up15 = context(ROUND_UP, 15).plus(Decimal(b))
        if up15 == m:
            return double(b, 2)
        t, body = double(b, 1 if m < up15 else 3)
        stored = UP.plus(Decimal(b))
    return t, body + continuation(m, stored)


def key_hex(text):
    x = Decimal(text)
    sign, digits, _ = x.as_tuple()
    if x == 0:
        return "29"
    t, body = magnitude(x.copy_abs(), int("".join(map(str, digits))))
    if sign:
        t, body = 0x52 - t, bytes(255 - c for c in body)
    return bytes([t]).hex().upper() + body.hex().upper()


def exact(d):
    """A positive double's decimal text, every digit."""
    return format(Decimal(d), "E")


def near(value, nd):
    """A decimal of nd digits at or next to value (a Decimal)."""
    x = context(rng.choice([ROUND_DOWN, ROUND_UP]), nd).plus(value)
    _, digits, exp = x.as_tuple()
    step = rng.choice([-2, -1, 0, 0, 1, 2])
    return Decimal(f"{int(''.join(map(str, digits))) + step}E{exp}")


EDGES = [2.0**-1074, 2.0**-1073, 2.0**-1060, 2.0**-1023, DBL_MIN, 2.0**-500, 2.0**-255,
         2.0**-254, 0.1, 0.5, 1.0, 2.0**52, 2.0**53, 2.0**54, 2.0**55, 2.0**56, 2.0**63,
         2.0**64, 1e20, 2.0**600, DBL_MAX]


def random_decimal():
    nd = rng.choice([rng.randint(1, 15), rng.randint(16, 34), 34])
    r = rng.random()
    if r < 0.45:  # next to a double where the bytes change
        x = near(Decimal(rng.choice(EDGES)), nd)
    elif r < 0.75:  # anywhere among the doubles
        x = Decimal(f"{rng.randrange(1, 10**nd)}E{rng.randint(-340, 310) - nd + 1}")
    elif r < 0.9:  # anywhere in Decimal128
        x = Decimal(f"{rng.randrange(1, 10**nd)}E{rng.randint(-6176, 6111 + 34 - nd)}")
    else:  # Decimal128's ends
        x = Decimal(f"{rng.choice([1, 10**nd - 1])}E{rng.choice([-6176, 6111 + 34 - nd])}")
    if x <= 0:
        x = Decimal(1).scaleb(-6176)
    x = EVEN.plus(x)  # the Decimal128 of it
    return x.copy_negate() if rng.random() < 0.5 else x  # no context: all 34 digits


def main():
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    db = connect(sys.argv[1], extensions=("ok",))
    rows = []
    for _ in range(count):
        x = random_decimal()
        text = str(x)
        want = key_hex(text)
        try:
            got, back = db.execute(
                "SELECT hex(ok_keystring_decimal(?1)), "
                "ok_json(ok_keystring_pack('', ok_keystring_decimal(?1)), 'keystring')",
                (text,)).fetchone()
        except sqlite3.Error as e:
            check("written and read", False, f"{text}: {e}")
            continue
        check("bytes", got == want, f"{text}: ok {got}, key_string.cpp's steps {want}")
        v = json.loads(back)[0]  # a double as the shortest text that reads as it
        read = Decimal(v["$numberDecimal"]) if isinstance(v, dict) else Decimal(v)
        check("read back", read == x, f"{text}: read back as {back}")
        rows.append((bytes.fromhex(got), x))
    rows.sort(key=lambda r: r[0])
    for (ka, a), (kb, b) in zip(rows, rows[1:]):
        check("order", a < b if ka != kb else a == b, f"{a} ({ka.hex()}) before {b} ({kb.hex()})")
    finish()


main()
