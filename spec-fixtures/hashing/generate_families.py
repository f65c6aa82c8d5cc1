#!/usr/bin/env python3
"""Writes families.json: vectors for the bucketing families of every format Burgee reads.

Independent of any SDK: murmur3 comes from the `mmh3` package, SHA-1, SHA-256 and MD5 from `hashlib`, and 32-bit
float arithmetic from `numpy.float32`, cross-checked against exact rational rounding done here.
Values published by the vendors (Unleash's client specification, flagd's testbed, LaunchDarkly's
SDK tests, Split's hash test files) are asserted before anything is written.

    pip install mmh3 numpy
    python3 generate_families.py            # rewrites families.json next to this script
    python3 generate_families.py --check    # exits 1 if families.json differs from what it would write
"""

import functools
import hashlib
import json
import math
import os
import re
import struct
import sys
from fractions import Fraction

import mmh3
import numpy as np

UNLEASH_VARIANT_SEED = 86028157
LD_SCALE_TEXT = 0xFFFFFFFFFFFFFFF  # 15 hex digits
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "families.json")


# ---------------------------------------------------------------------------------------------
# Primitives

def murmur3(text, seed):
    return mmh3.hash(text.encode("utf-8"), seed, signed=False)


def value_text(value):
    """A string as is; an integer in decimal."""
    if isinstance(value, bool):
        raise TypeError("booleans are not bucketed")
    if isinstance(value, int):
        return str(value)
    return value


def round_f32(q):
    """The float32 nearest to the non-negative rational q (ties to even), as a Python float.
    Exact: no intermediate double rounding."""
    q = Fraction(q)
    assert q >= 0
    if q == 0:
        return 0.0
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    assert Fraction(2) ** e <= q < Fraction(2) ** (e + 1)
    ulp = Fraction(2) ** (max(e, -126) - 23)
    m = q / ulp
    n = m.numerator // m.denominator
    rest = m - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    result = n * ulp
    assert result <= Fraction(2) ** 128
    return float(result)  # n has at most 25 bits: exact as a double


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f32_text(x):
    """9 significant digits: enough to name every float32 exactly."""
    text = "%.9g" % x
    assert np.float32(text) == np.float32(x) and float(np.float32(float(text))) == x
    return text


# ---------------------------------------------------------------------------------------------
# The five families, written from dialects section 6

def native_hash(salt, seed, value):
    text = salt + "." + value_text(value)
    return text, murmur3(text, seed or 0)


def unleash_strategy_hash(group_id, value):
    text = group_id + ":" + value_text(value)
    return text, murmur3(text, 0)


def unleash_variant_hash(group_id, value):
    text = group_id + ":" + value_text(value)
    return text, murmur3(text, UNLEASH_VARIANT_SEED)


def flagd_hash(prefix, value):
    text = prefix + value_text(value)
    return text, murmur3(text, 0)


def split_murmur_hash(seed, value):
    """Split's algo 2: murmur3_x86_32 of the key's UTF-8 bytes with the signed seed as 32 bits, unsigned."""
    text = value_text(value)
    return text, mmh3.hash(text.encode("utf-8"), seed % 2 ** 32, signed=False)


def int32(x):
    return (x + 2 ** 31) % 2 ** 32 - 2 ** 31


def split_legacy_hash(seed, value):
    """Split's legacy algorithm: h = int32(31 h + c) over code points, then h XOR seed, signed."""
    text = value_text(value)
    h = 0
    for c in text:
        h = int32(31 * h + ord(c))
    return text, int32(h ^ int32(seed))


def ld_hash(flag_key, salt, seed, value):
    text = (str(seed) if seed is not None else flag_key + "." + salt) + "." + value_text(value)
    digest = hashlib.sha1(text.encode("utf-8")).hexdigest()
    return text, digest, int(digest[:15], 16)


def ld_bucket(h):
    """Float(h) / Float(0xFFFFFFFFFFFFFFF) in float32, computed two ways."""
    via_numpy = np.float32(round_f32(h)) / np.float32(round_f32(LD_SCALE_TEXT))
    exact = round_f32(Fraction(round_f32(h)) / Fraction(round_f32(LD_SCALE_TEXT)))
    assert float(via_numpy) == exact, (h, via_numpy, exact)
    return exact


@functools.lru_cache(maxsize=None)
def ld_fraction(weight):
    """Float(weight) / 100000 in float32, computed two ways."""
    via_numpy = np.float32(weight) / np.float32(100000)
    exact = round_f32(Fraction(round_f32(weight)) / 100000)
    assert float(via_numpy) == exact
    return exact


def ld_running_sums(weights):
    sums, total, total_exact = [], np.float32(0), 0.0
    for w in weights:
        total = np.float32(total + np.float32(ld_fraction(w)))
        total_exact = round_f32(Fraction(total_exact) + Fraction(ld_fraction(w)))
        assert float(total) == total_exact
        sums.append(total_exact)
    return sums


def running_sums(weights):
    sums, total = [], 0
    for w in weights:
        total += w
        sums.append(total)
    return sums


def pick_above(sums, bucket):
    """The first running sum > bucket; none -> the last."""
    for i, s in enumerate(sums):
        if s > bucket:
            return i
    return len(sums) - 1


def pick_at_least(sums, bucket):
    """The first running sum >= bucket; none -> the last."""
    for i, s in enumerate(sums):
        if s >= bucket:
            return i
    return len(sums) - 1


# In/out rules, as each vendor states them (not via the picks above).
def native_in(bucket, weight):
    return bucket < weight


def unleash_strategy_in(bucket, percentage):
    return percentage > 0 and bucket <= percentage


def ld_segment_in(bucket, weight):
    return bucket < ld_fraction(weight)


# ---------------------------------------------------------------------------------------------
# Values

LONG_ASCII = "long-" + "abcdefghij" * 10  # 105 bytes
LONG_UTF8 = "\u00e9\u6771\U0001F600" * 12  # 2 + 3 + 4 bytes, 108 bytes

STRING_VALUES = [
    "",
    "u-1",
    "user-42",
    "Montr\u00e9al",
    "Montre\u0301al",
    "\u6771\u4eac",
    "\U0001F600",
    LONG_ASCII,
    LONG_UTF8,
]
INTEGER_VALUES = [0, 42, -7, -1, 2147483648, 9007199254740992, -9007199254740992]


def describe_value(value):
    if isinstance(value, int):
        return "integer %d" % value
    if value == "":
        return "empty string"
    n = len(value.encode("utf-8"))
    if value.isascii():
        return repr(value) if n <= 20 else "%d ASCII bytes" % n
    return "non-ASCII, %d UTF-8 bytes" % n


# ---------------------------------------------------------------------------------------------
# Cases

def native_case(name, salt, seed, value, description=None):
    text, h = native_hash(salt, seed, value)
    b = h % 100000
    weight_lists = [
        [100000], [50000, 50000], [0, 100000], [100000, 0], [33333, 33333, 33334],
        [0, 0, 50000, 0, 50000], [10, 10],
        [b, 100000 - b],            # the bucket equals the first running sum: not picked
        [b + 1, 99999 - b],         # one more: picked
        [0, b, 0, 100000 - b],      # zero weights around the boundary are skipped
    ]
    picks = [{"weights": w, "index": pick_above(running_sums(w), b)} for w in unique(weight_lists)]
    in_out = []
    for w in sorted(set([0, 1, 50000, 100000, b, b + 1])):
        inside = native_in(b, w)
        assert inside == (pick_above(running_sums([w, 100000 - w]), b) == 0)
        in_out.append({"weight": w, "in": inside})
    case = {"name": name}
    if description:
        case["description"] = description
    case.update({"salt": salt, "seed": seed, "value": value, "input": text, "hash": h, "bucket": b,
                 "picks": picks, "inOut": in_out})
    return case


def unleash_strategy_case(name, group_id, value, description=None, published_in=None):
    text, h = unleash_strategy_hash(group_id, value)
    b = h % 100 + 1
    weight_lists = [[100], [50, 50], [0, 100], [33, 33, 34], [b, 100 - b], [b - 1, 101 - b], [0, b, 100 - b]]
    picks = [{"weights": w, "index": pick_at_least(running_sums(w), b)} for w in unique(weight_lists)]
    in_out = []
    for pct in sorted(set([0, 1, 50, 99, 100, b - 1, b] + ([published_in[0]] if published_in else []))):
        inside = unleash_strategy_in(b, pct)
        assert inside == (pick_at_least(running_sums([pct, 100 - pct]), b) == 0)
        in_out.append({"percentage": pct, "in": inside})
    if published_in:
        pct, expected = published_in
        assert unleash_strategy_in(b, pct) == expected, (group_id, value, pct, b)
    case = {"name": name}
    if description:
        case["description"] = description
    case.update({"groupId": group_id, "value": value, "input": text, "hash": h, "bucket": b,
                 "picks": picks, "inOut": in_out})
    return case


def split_case(name, algorithm, seed, value, description=None, published=None):
    if algorithm == "murmur":
        text, h = split_murmur_hash(seed, value)
        b = h % 100 + 1
    else:
        text, h = split_legacy_hash(seed, value)
        b = abs(h) % 100 + 1
    if published:
        assert (h, b) == published, (algorithm, seed, value, h, b, published)
    weight_lists = [[100], [50, 50], [0, 100], [33, 33, 34], [b, 100 - b], [b - 1, 101 - b], [0, b, 100 - b]]
    picks = [{"weights": w, "index": pick_at_least(running_sums(w), b)} for w in unique(weight_lists)]
    in_out = []
    for allocation in sorted(set([0, 1, 50, 99, 100, b - 1, b])):
        inside = b <= allocation
        assert inside == (pick_at_least(running_sums([allocation, 100 - allocation]), b) == 0)
        in_out.append({"allocation": allocation, "in": inside})
    case = {"name": name}
    if description:
        case["description"] = description
    case.update({"seed": seed, "value": value, "input": text, "hash": h, "bucket": b, "picks": picks, "inOut": in_out})
    return case


def split_cases(algorithm):
    cases = []
    for seed in (467569525, -1222652054, 0):
        for value in STRING_VALUES + INTEGER_VALUES:
            cases.append(split_case("split-%s-%d-%s" % (algorithm, seed, slug(value)), algorithm, seed, value,
                                    describe_value(value)))
    # Published in Split's SDK repositories (python-client tests/engine/files, seed 467569525).
    published = {
        "murmur": [("aUfEsdPN1twuEjff9Sl", (2488980051, 52)), ("EPxM1cYQnL4AuqD", (397339578, 79))],
        "legacy": [("aUfEsdPN1twuEjff9Sl", (890874271, 72)), ("EPxM1cYQnL4AuqD", (-1765572410, 11))],
    }
    for value, expected in published[algorithm]:
        cases.append(split_case("split-%s-published-%s" % (algorithm, value), algorithm, 467569525, value,
                                "Split's published vectors (seed 467569525)", published=expected))
    # The one hash whose magnitude does not fit: -2^31 (|h| = 2^31, bucket 49).
    if algorithm == "legacy":
        seed = int32(split_legacy_hash(0, "a")[1] ^ -2 ** 31)
        cases.append(split_case("split-legacy-min-int32", algorithm, seed, "a", "h XOR seed is -2^31: bucket 49"))
    return cases


def unleash_variant_case(name, group_id, value, description=None, published=None):
    text, h = unleash_variant_hash(group_id, value)
    total = 1000
    b1000 = h % total + 1
    weight_lists = [
        [1, 1], [33, 33, 34], [33, 33, 33], [1, 49, 50], [25, 25, 25, 25], [0, 1000], [1000, 0, 0], [1],
        [b1000, total - b1000],         # the bucket equals the first running sum: picked (>=)
        [b1000 - 1, total - b1000 + 1],  # one less: not picked
        [0, b1000, total - b1000],
    ]
    picks = []
    for w in unique(weight_lists):
        t = sum(w)
        b = h % t + 1
        picks.append({"weights": w, "totalWeight": t, "bucket": b, "index": pick_at_least(running_sums(w), b)})
    if published:
        weights, expected = published
        b = h % sum(weights) + 1
        assert pick_at_least(running_sums(weights), b) == expected, (group_id, value, weights, b)
        if weights not in [p["weights"] for p in picks]:
            picks.append({"weights": weights, "totalWeight": sum(weights), "bucket": b, "index": expected})
    case = {"name": name}
    if description:
        case["description"] = description
    case.update({"groupId": group_id, "value": value, "input": text, "hash": h, "picks": picks})
    return case


def flagd_bucket(h, total):
    return (h * total) >> 32


def flagd_case(name, prefix, value, description=None, published=None, published_hash=None):
    text, h = flagd_hash(prefix, value)
    if published_hash is not None:
        assert h == published_hash, (text, h, published_hash)
    b100 = flagd_bucket(h, 100)
    weight_lists = [
        [1, 1], [50, 50], [25, 25, 25, 25], [1], [0, 5, 0, 5], [3, 0, 7], [1, 2, 3, 4, 5, 6, 7],
        [600000000000, 400000000000],   # h * total needs more than 64 bits
        [b100, 100 - b100],             # the bucket equals the first running sum: not picked
        [b100 + 1, 99 - b100],          # one more: picked
        [0, b100, 0, 100 - b100],
    ]
    picks = []
    for w in unique(weight_lists):
        t = sum(w)
        b = flagd_bucket(h, t)
        picks.append({"weights": w, "totalWeight": t, "bucket": b, "index": pick_above(running_sums(w), b)})
    if published:
        weights, expected = published
        b = flagd_bucket(h, sum(weights))
        assert pick_above(running_sums(weights), b) == expected, (prefix, value, weights, b)
        if weights not in [p["weights"] for p in picks]:
            picks.append({"weights": weights, "totalWeight": sum(weights), "bucket": b, "index": expected})
    case = {"name": name}
    if description:
        case["description"] = description
    case.update({"prefix": prefix, "value": value, "input": text, "hash": h, "picks": picks})
    return case


def ld_boundary_weight(bucket):
    """The weight w with Float(w)/100000 <= bucket < Float(w+1)/100000 (bucket < 1)."""
    lo, hi = 0, 100000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ld_fraction(mid) <= bucket:
            lo = mid
        else:
            hi = mid - 1
    return lo


def ld_case(name, flag_key, salt, seed, value, description=None, published=None, extra_weights=()):
    text, digest, h = ld_hash(flag_key, salt, seed, value)
    b = ld_bucket(h)
    if published is not None:
        assert str(np.float32(b)) == published, (text, np.float32(b), published)
    weight_lists = [
        [100000], [50000, 50000], [0, 100000], [33333, 33333, 33334], [0, 0, 100000],
        [10000, 10000, 10000],   # not summing to 100000: beyond 0.3 nothing is > bucket -> the last
        [60000, 60000],
        [50000, 50000, 0],       # a bucket of exactly 1 gets the last variation, of weight 0
        # Summing to 100000, but the Float running sum ends at 0.99999994, not 1.
        [277, 34632, 21815, 1654, 21241, 11586, 3369, 5340, 86, 0],
    ]
    in_weights = [0, 1, 50000, 99999, 100000]
    if b < 1:
        w = ld_boundary_weight(b)
        weight_lists += [[w, 100000 - w], [w + 1, 99999 - w]]
        in_weights += [w, w + 1]
    weight_lists += list(extra_weights)
    picks = [{"weights": w, "index": pick_above(ld_running_sums(w), b)} for w in unique(weight_lists)]
    in_out = []
    for w in sorted(set(in_weights)):
        inside = ld_segment_in(b, w)
        assert inside == (pick_above(ld_running_sums([w, 100000 - w]), b) == 0)
        in_out.append({"weight": w, "in": inside})
    case = {"name": name}
    if description:
        case["description"] = description
    case.update({"flagKey": flag_key, "salt": salt, "seed": seed, "value": value, "input": text,
                 "sha1": digest, "hash": h, "bucket": F32(b), "bucketBits": f32_bits(b),
                 "picks": picks, "inOut": in_out})
    return case


class F32:
    """A float32 to be written with 9 significant digits."""

    def __init__(self, value):
        self.value = value


class Inline:
    """A small object written on one line."""

    def __init__(self, value):
        self.value = value


def unique(lists):
    seen, out = set(), []
    for w in lists:
        assert all(x >= 0 for x in w) and sum(w) > 0, w
        key = tuple(w)
        if key not in seen:
            seen.add(key)
            out.append(w)
    return out


# ---------------------------------------------------------------------------------------------
# Kameleoon: SHA-256 over 2^256, a double

KAMELEOON_PUBLISHED = {  # the hashes Kameleoon's Python SDK gives (its helpers/hasher.py), checked with the SDK
    ("visitor-1", 1001, None): 0.9502115959913093,
    ("visitor-1", 1001, 1700000000): 0.14976717880722562,
    ("abc", 0, None): 0.33856176394594106,
    ("\u00fcber", 42, None): 0.5401252833201614,
    ("\u65e5\u672c", 123456, 5): 0.7169718866278365,
    ("7b1c9f2e3d4a5b6c", 98765, None): 0.2782259771331532,
    ("user@example.com", 31337, 1712345678): 0.7719612690154717,
    ("v", 7, 0): 0.13536111600764153,
    ("vc-549193430", 903699, None): 0.0005106861215121928,
}
KAMELEOON_PUBLISHED_GROUP = {("visitor-1", "checkout-group"): 0.32216110017603994}


def kameleoon_input(code, container, respool, group):
    if group is not None:
        return code + group
    return code + str(container) + (str(respool) if respool else "")


def kameleoon_hash(text):
    """SHA-256 of the UTF-8 bytes as a 256-bit big-endian integer over 2^256, correctly rounded to a double."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    n = int.from_bytes(digest, "big")
    h = n / (1 << 256)  # int / int: correctly rounded
    assert Fraction(h) - Fraction(n, 1 << 256) <= Fraction(1, 2 ** 53) * Fraction(h)
    return digest.hex(), h


def kameleoon_case(code, container=None, respool=None, group=None, description=None):
    text = kameleoon_input(code, container, respool, group)
    digest, h = kameleoon_hash(text)
    if group is None and (code, container, respool) in KAMELEOON_PUBLISHED:
        assert KAMELEOON_PUBLISHED[(code, container, respool)] == h, text
    if group is not None and (code, group) in KAMELEOON_PUBLISHED_GROUP:
        assert KAMELEOON_PUBLISHED_GROUP[(code, group)] == h, text
    name = "kameleoon-%s-%s" % (slug(code), group if group is not None else container)
    if respool is not None:
        name += "-respool%d" % respool
    case = {"name": name}
    if description:
        case["description"] = description
    case.update({"code": code, "container": container, "respool": respool, "group": group, "input": text,
                 "sha256": digest, "hash": h})
    if group is None:
        below = math.nextafter(h, 0.0)
        lists = [[1.0], [0.5, 0.5], [0.0, 1.0], [1 / 3, 1 / 3, 1 / 3], [0.1, 0.1], [h, 1.0 - h],
                 [below, 1.0 - below], [0.0, h, 1.0 - h]]
        picks = []
        for expositions in lists:
            total, index = 0.0, None
            for i, e in enumerate(expositions):
                total += e
                if total >= h:
                    index = i
                    break
            picks.append({"expositions": expositions, "index": index})
        case["picks"] = picks
        case["inOut"] = [{"exposition": e, "in": h <= e} for e in sorted({0.0, 0.5, 1.0, h, below})]
    else:
        case["picks"] = [{"flags": n, "index": min(int(h * n), n - 1)} for n in (1, 2, 3, 7)]
    return case


def kameleoon_cases():
    cases = [kameleoon_case(code, container, respool,
                            description="Kameleoon's Python SDK gives %r" % h)
             for (code, container, respool), h in KAMELEOON_PUBLISHED.items()]
    cases[-1]["description"] += ("; a rounding tie: the first 8 bytes over 2^64 - 1, as Kameleoon's Go SDK "
                                 "divides, end in ...927")
    for code in STRING_VALUES[1:]:
        cases.append(kameleoon_case(code, 1001))
        cases.append(kameleoon_case(code, 98765, 1712345678))
    cases.append(kameleoon_case("u-1", -5, description="a negative container id is written with its sign"))
    cases.append(kameleoon_case("u-1", 1001, -3, description="a negative respool time is appended"))
    for (code, group), h in KAMELEOON_PUBLISHED_GROUP.items():
        cases.append(kameleoon_case(code, group=group, description="Kameleoon's Python SDK gives %r" % h))
    cases.append(kameleoon_case("u-1", group="checkout-group"))
    cases.append(kameleoon_case("\u6771\u4eac", group="\u30b0\u30eb\u30fc\u30d7"))
    return unique_names(cases)


# ---------------------------------------------------------------------------------------------
# Datadog / Eppo (UFC): MD5 shards

# Vectors checked with Datadog's (ddtrace, libdd-ffe) and Eppo's (eppo-server-sdk) SDKs:
# salt, key, the first 4 bytes of MD5 in hex, that uint32, totalShards, shard.
UFC_CHECKED = [
    ("some-salt", "alice", "b44ee808", 3025070088, 10000, 88),
    ("some-salt", "bob", "d9087b5d", 3641211741, 10000, 1741),
    ("some-salt", "", "dd757688", 3715462792, 10000, 2792),
    ("some-salt", "\u00fcber", "44713543", 1148269891, 10000, 9891),
    ("", "alice", "18d1296b", 416360811, 100, 11),
    ("split-json-flag", "alice", "7ce80ef9", 2095582969, 10000, 2969),
]


def ufc_case(name, salt, value, total, description=None):
    text = salt + "-" + value
    prefix = hashlib.md5(text.encode("utf-8")).digest()[:4]
    h = int.from_bytes(prefix, "big")
    shard = h % total
    for c_salt, c_value, c_hex, c_hash, c_total, c_shard in UFC_CHECKED:
        if (c_salt, c_value, c_total) == (salt, value, total):
            assert (prefix.hex(), h, shard) == (c_hex, c_hash, c_shard), text
    tests = [[(shard, shard + 1)], [(0, shard)], [(shard + 1, total)], [(0, total)],
             [(0, shard), (shard, shard + 1)], [(max(shard - 2, 0), shard), (shard + 1, min(shard + 3, total))]]
    if shard > 0:
        tests.append([(shard - 1, shard)])
    ranges = []
    seen = set()
    for rs in tests:
        key = tuple(rs)
        if key in seen or any(a >= b for a, b in rs):
            continue
        seen.add(key)
        ranges.append({"ranges": [{"start": a, "end": b} for a, b in rs],
                       "in": any(a <= shard < b for a, b in rs)})
    case = {"name": name}
    if description:
        case["description"] = description
    case.update({"salt": salt, "value": value, "input": text, "md5": prefix.hex(), "hash": h, "totalShards": total,
                 "shard": shard, "ranges": ranges})
    return case


def ufc_cases():
    cases = []
    for i, (salt, value, _, _, total, _) in enumerate(UFC_CHECKED):
        cases.append(ufc_case("ufc-checked-%d-%s-%s" % (i + 1, slug(salt), slug(value)), salt, value, total,
                              "checked with Datadog's and Eppo's SDKs"))
    cases.append(ufc_case("ufc-empty-salt-empty-key", "", "", 10000, "the input is \"-\""))
    cases.append(ufc_case("ufc-non-ascii-salt", "\u00fcber-salt", "alice", 1000, "a non-ASCII salt"))
    cases.append(ufc_case("ufc-decomposed-key", "some-salt", "u\u0308ber", 10000,
                          "the decomposed spelling of the checked key \u00fcber hashes differently"))
    cases.append(ufc_case("ufc-cjk-salt-key", "\u5b9f\u9a13", "\u6771\u4eac", 10000, "CJK salt and key"))
    cases.append(ufc_case("ufc-emoji-key", "layer-1", "\U0001F600", 7, "a key outside the BMP (4 UTF-8 bytes)"))
    for total in (1, 7, 100, 10000, 4294967295):
        cases.append(ufc_case("ufc-total-%d" % total, "layer-1", "user-42", total))
    for size in (55, 56, 63, 64, 65, 119, 120):
        value = "k" * (size - len("len-"))
        cases.append(ufc_case("ufc-input-%d-bytes" % size, "len", value, 10000,
                              "an input of %d bytes (MD5 block and padding boundaries)" % size))
    for want in (0, 9999):
        n = 0
        while True:
            value = "edge-%d" % n
            if int.from_bytes(hashlib.md5(("edges-" + value).encode()).digest()[:4], "big") % 10000 == want:
                break
            n += 1
        cases.append(ufc_case("ufc-shard-%d" % want, "edges", value, 10000,
                              "a key found for shard %d, the first and last of 10000" % want))
    return unique_names(cases)


def unique_names(cases):
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), names
    return cases


# ---------------------------------------------------------------------------------------------
# The file

def slug(value):
    if isinstance(value, int):
        return "int%d" % value
    if value == "":
        return "empty"
    if value.isascii() and len(value) <= 20:
        return value
    return "%dbytes" % len(value.encode("utf-8"))


def native_cases():
    cases = []
    for salt, seed in [("new-checkout", None), ("caf\u00e9-banner", 12345), ("homepage-hero", 4294967295)]:
        for value in STRING_VALUES + INTEGER_VALUES:
            if seed is not None and value not in ("u-1", "", "Montr\u00e9al", LONG_UTF8, -7, 42):
                continue
            cases.append(native_case("native-%s-%s-%s" % (salt, "noseed" if seed is None else "seed%d" % seed,
                                                             slug(value)), salt, seed, value,
                                     describe_value(value)))
    # Published: design brief section 5's buckets.json pins these too.
    cases.append(native_case("native-homepage-hero-user-13484", "homepage-hero", None, "user-13484",
                             "bucket exactly 50000"))
    return cases


def unleash_strategy_cases():
    cases = []
    for value in STRING_VALUES + INTEGER_VALUES:
        cases.append(unleash_strategy_case("strategy-flexible-%s" % slug(value), "Feature.flexibleRollout.10",
                                           value, describe_value(value)))
    # Published in Unleash's client specification (percentage, enabled).
    published = [
        ("AB12A", "122", (50, True), "03-gradual-rollout-user-id-strategy: Feature.B3, userId 122, 50% -> on"),
        ("AB12A", "155", (50, False), "03-gradual-rollout-user-id-strategy: Feature.B3, userId 155, 50% -> off"),
        ("Feature.flexibleRollout.10", "174", (10, True), "10-flexible-rollout-strategy: userId 174, 10% -> on"),
        ("Feature.flexibleRollout.10", "499", (10, False), "10-flexible-rollout-strategy: userId 499, 10% -> off"),
        ("Feature.flexibleRollout.userId.55", "25", (55, True), "10-flexible-rollout-strategy: userId 25, 55% -> on"),
        ("Feature.flexible.rollout.custom.stickiness_50", "402", (50, False), "12-custom-stickiness: 402, 50% -> off"),
        ("Feature.flexible.rollout.custom.stickiness_50", "388", (50, True), "12-custom-stickiness: 388, 50% -> on"),
        ("Feature.flexible.rollout.custom.stickiness_50", "39", (50, True), "12-custom-stickiness: 39, 50% -> on"),
    ]
    for group_id, value, expected, source in published:
        cases.append(unleash_strategy_case("strategy-published-%s-%s" % (group_id, value), group_id, value,
                                           "Unleash client specification " + source, published_in=expected))
    cases.append(unleash_strategy_case("strategy-empty-group", "", "u-1", "an empty groupId still has its ':'"))
    return cases


def unleash_variant_cases():
    cases = []
    for value in STRING_VALUES + INTEGER_VALUES:
        cases.append(unleash_variant_case("variant-%s" % slug(value), "Feature.Variants.C", value,
                                          describe_value(value)))
    # Published in Unleash's client specification (weights, index of the expected variant).
    published = [
        ("Feature.Variants.B", "2", [1, 1], 1, "08-variants: userId 2 -> variant2"),
        ("Feature.Variants.B", "0", [1, 1], 0, "08-variants: userId 0 -> variant1"),
        ("Feature.Variants.C", "232", [33, 33, 33], 0, "08-variants: userId 232 -> variant1"),
        ("Feature.Variants.C", "607", [33, 33, 33], 1, "08-variants: userId 607 -> variant2"),
        ("Feature.Variants.C", "656", [33, 33, 33], 2, "08-variants: userId 656 -> variant3"),
        ("Feature.Variants.D", "712", [1, 49, 50], 0, "08-variants: userId 712 -> variant1"),
        ("Feature.Variants.D", "525", [1, 49, 50], 1, "08-variants: userId 525 -> variant2"),
        ("Feature.Variants.D", "537", [1, 49, 50], 2, "08-variants: userId 537 -> variant3"),
        ("Feature.flexible.rollout.custom.stickiness_100", "616", [25, 25, 25, 25], 0, "12-custom-stickiness: 616 -> blue"),
        ("Feature.flexible.rollout.custom.stickiness_100", "503", [25, 25, 25, 25], 1, "12-custom-stickiness: 503 -> red"),
        ("Feature.flexible.rollout.custom.stickiness_100", "438", [25, 25, 25, 25], 2, "12-custom-stickiness: 438 -> green"),
        ("Feature.flexible.rollout.custom.stickiness_100", "44", [25, 25, 25, 25], 3, "12-custom-stickiness: 44 -> yellow"),
    ]
    for group_id, value, weights, index, source in published:
        cases.append(unleash_variant_case("variant-published-%s-%s" % (group_id, value), group_id, value,
                                          "Unleash client specification " + source, published=(weights, index)))
    return cases


def flagd_cases():
    cases = []
    for value in STRING_VALUES + INTEGER_VALUES:
        cases.append(flagd_case("fractional-flagkey-%s" % slug(value), "my-flag", value,
                                "default input flagKey + targetingKey; " + describe_value(value)))
    cases.append(flagd_case("fractional-no-prefix-u-1", "", "u-1", "a custom expression: no constant prefix"))
    # Published in flagd's testbed (gherkin/targeting.feature, @fractional-v2; flags/custom-ops.json).
    suits = [25, 25, 25, 25]
    published = [
        ("fractional-flag", "jack", suits, 2, None, "fractional-flag: jack -> hearts"),
        ("fractional-flag", "queen", suits, 3, None, "fractional-flag: queen -> spades"),
        ("fractional-flag", "ten", suits, 0, None, "fractional-flag: ten -> clubs"),
        ("fractional-flag", "nine", suits, 1, None, "fractional-flag: nine -> diamonds"),
        ("fractional-flag", "3", suits, 0, None, "fractional-flag: 3 -> clubs"),
        ("fractional-flag-shorthand", "jon@company.com", [1, 1], 0, None, "shorthand: jon@company.com -> heads"),
        ("fractional-flag-shorthand", "jane@company.com", [1, 1], 1, None, "shorthand: jane@company.com -> tails"),
        ("shared-seed", "seven", suits, 2, None, "A-shared-seed: seven -> hearts"),
        ("shared-seed", "eight", suits, 1, None, "A-shared-seed: eight -> diamonds"),
        ("shared-seed", "nine", suits, 0, None, "A-shared-seed: nine -> clubs"),
        ("shared-seed", "two", suits, 3, None, "A-shared-seed: two -> spades"),
        ("", "ejOoVL", [50, 50], 0, 0, "hash edge: ejOoVL, hash 0 -> lower"),
        ("", "bY9fO-", [50, 50], 0, 1, "hash edge: bY9fO-, hash 1 -> lower"),
        ("", "SI7p-", [50, 50], 0, 2147483647, "hash edge: SI7p-, hash 2^31-1 -> lower"),
        ("", "6LvT0", [50, 50], 1, 2147483648, "hash edge: 6LvT0, hash 2^31 -> upper"),
        ("", "ceQdGm", [50, 50], 1, 4294967295, "hash edge: ceQdGm, hash 2^32-1 -> upper"),
    ]
    for prefix, value, weights, index, h, source in published:
        cases.append(flagd_case("fractional-published-%s-%s" % (prefix or "targetingKey", value), prefix, value,
                                "flagd testbed " + source, published=(weights, index), published_hash=h))
    return cases


def find_ld_specials():
    """Values whose bucket is exactly a running sum: the first "user-N" of each kind (a few hundred
    SHA-1s)."""
    fractions = {}
    for w in range(100001):
        fractions.setdefault(ld_fraction(w), w)
    pair_sums = {}
    for w in range(70001):
        s = ld_running_sums([30000, w])[1]
        pair_sums.setdefault(s, w)
    single = double = None
    i = 0
    while single is None or double is None:
        value = "user-%d" % i
        b = ld_bucket(ld_hash("hashKey", "saltyA", None, value)[2])
        if single is None and b in fractions and 0 < fractions[b] < 100000:
            single = (value, fractions[b])
        if double is None and b in pair_sums and 0 < pair_sums[b] < 70000:
            double = (value, pair_sums[b])
        i += 1
    return single, double


# A value with h >= 2^60 - 2^35, so that Float(h) rounds up to 2^60 and the bucket is exactly 1:
# the first "user-N" with that property for this flag key and salt (found by a search of a few
# million SHA-1s, too slow to repeat here; ld_cases() re-checks the property).
LD_BUCKET_ONE = ("edge-flag", "edge-salt", "user-2307730")


def ld_cases():
    cases = []
    # Published in LaunchDarkly's SDK tests (go-server-sdk-evaluation, sdk-test-harness): float32 buckets.
    published = [
        (None, "userKeyA", "0.42157587"), (None, "userKeyB", "0.6708485"), (None, "userKeyC", "0.10343106"),
        (None, 33333, "0.54771423"), (None, 99999, "0.7309658"),
        (61, "userKeyA", "0.09801207"), (61, "userKeyB", "0.14483777"), (61, "userKeyC", "0.9242641"),
    ]
    for seed, value, bucket in published:
        cases.append(ld_case("ld-published-%s-%s" % ("seed61" if seed else "hashKey", slug(value)),
                             "hashKey", "saltyA", seed, value,
                             "LaunchDarkly SDK tests: bucket %s" % bucket, published=bucket))
    for value in STRING_VALUES + INTEGER_VALUES:
        cases.append(ld_case("ld-%s" % slug(value), "flag-key", "salt", None, value, describe_value(value)))
    for seed in [0, -1, 9007199254740992]:
        cases.append(ld_case("ld-seed%d-u-1" % seed, "flag-key", "salt", seed, "u-1",
                             "a seed replaces flagKey.salt"))
    cases.append(ld_case("ld-segment", "beta-testers", "segment-salt", None, "u-1",
                         "a segment rule: the segment's key and salt, no seed"))
    # SHA-1 block boundaries: the hashed input is 55, 56, 63, 64, 65, 119, 120 and 128 bytes long.
    prefix_len = len("flag-key.salt.")
    for total in [55, 56, 63, 64, 65, 119, 120, 128]:
        value = "k" * (total - prefix_len)
        cases.append(ld_case("ld-input-%d-bytes" % total, "flag-key", "salt", None, value,
                             "the hashed input is %d bytes" % total))
    single, double = find_ld_specials()
    w = single[1]
    case = ld_case("ld-bucket-equals-weight", "hashKey", "saltyA", None, single[0],
                   "the bucket equals Float(%d)/100000 exactly: not < it, so out, and not picked" % w,
                   extra_weights=[[w, 100000 - w]])
    assert f32_bits(ld_fraction(w)) == case["bucketBits"]
    cases.append(case)
    w2 = double[1]
    case = ld_case("ld-bucket-equals-second-sum", "hashKey", "saltyA", None, double[0],
                   "the bucket equals the Float running sum after weights 30000 and %d: the third is picked" % w2,
                   extra_weights=[[30000, w2, 70000 - w2]])
    assert case["picks"][-1]["index"] == 2
    cases.append(case)
    flag_key, salt, value = LD_BUCKET_ONE
    _, _, h = ld_hash(flag_key, salt, None, value)
    assert h >= 2 ** 60 - 2 ** 35
    case = ld_case("ld-bucket-one", flag_key, salt, None, value,
                   "h >= 2^60 - 2^35 rounds to 2^60: bucket exactly 1, above every running sum -> the last, "
                   "even of weight 0; out of a 100% segment rule")
    assert case["bucketBits"] == f32_bits(1.0)
    assert {"weights": [50000, 50000, 0], "index": 2} in case["picks"]
    assert {"weight": 100000, "in": False} in case["inOut"]
    cases.append(case)
    return cases


def build():
    return {
        "description": (
            "Bucketing vectors for the bucketing families of the formats Burgee reads. For every case: "
            "the family's parameters, the bucketed `value` (a string, hashed as its UTF-8 bytes, or an integer, "
            "hashed as its decimal text), the exact hash `input`, the `hash`, the bucket and the index picked for "
            "weight lists. Generated by generate_families.py with independent implementations "
            "(mmh3, hashlib, numpy.float32). See README.md, 'Hashing files'."
        ),
        "native": {
            "description": "input = salt \".\" value; hash = murmur3_x86_32(input, seed), seed null meaning 0; "
                           "bucket = hash % 100000; pick: the first running sum > bucket; inOut: in iff "
                           "bucket < weight.",
            "cases": native_cases(),
        },
        "unleashStrategy": {
            "description": "input = groupId \":\" value; hash = murmur3_x86_32(input, 0); bucket = hash % 100 + 1; "
                           "pick: the first running sum >= bucket; inOut: in iff percentage > 0 && bucket <= "
                           "percentage.",
            "cases": unleash_strategy_cases(),
        },
        "unleashVariant": {
            "description": "input = groupId \":\" value; hash = murmur3_x86_32(input, 86028157); per pick, bucket = "
                           "hash % totalWeight + 1 and the first running sum >= bucket is picked.",
            "cases": unleash_variant_cases(),
        },
        "flagdFractional": {
            "description": "input = prefix value (the default input is flagKey + targetingKey); hash = "
                           "murmur3_x86_32(input, 0); per pick, bucket = (hash * totalWeight) >> 32 (exact, "
                           "wider than 64 bits when needed) and the first running sum > bucket is picked.",
            "cases": flagd_cases(),
        },
        "launchDarkly": {
            "description": "input = (seed != null ? decimal(seed) : flagKey \".\" salt) \".\" value; sha1 = SHA-1 "
                           "of input in hex; hash = the first 15 hex digits as an integer (up to 2^60 - 1: parse it "
                           "as an integer, or from sha1); bucket = Float(hash) / Float(0xFFFFFFFFFFFFFFF) in 32-bit "
                           "float, given with 9 significant digits and as its IEEE 754 bit pattern (bucketBits); "
                           "pick: add Float(weight) / 100000 in 32-bit float, the first running sum > bucket, none "
                           "-> the last; inOut (segment rules): in iff bucket < Float(weight) / 100000.",
            "cases": ld_cases(),
        },
        "splitMurmur": {
            "description": "Split's algo 2. input = the key (no prefix); hash = murmur3_x86_32(input, seed), the "
                           "signed 32-bit seed taken as its two's complement, read unsigned; bucket = hash % 100 + 1; "
                           "pick (partitions): the first running sum >= bucket; inOut (traffic allocation): in iff "
                           "bucket <= allocation.",
            "cases": split_cases("murmur"),
        },
        "splitLegacy": {
            "description": "Split's legacy algorithm (algo 1 or absent). input = the key; h = 0, then for each "
                           "Unicode scalar c, h = int32(31 h + c) (wrapping); hash = int32(h XOR seed), signed; "
                           "bucket = |hash| % 100 + 1 (|-2^31| = 2^31); picks and inOut as splitMurmur.",
            "cases": split_cases("legacy"),
        },
        "kameleoon": {
            "description": "Kameleoon's SHA-256 family (Burgee's Kameleoon format; its cases are shaped differently from the other families'). input = code decimal(container) "
                           "(decimal(respool) appended when respool is non-zero), or code group for a mutually "
                           "exclusive group; sha256 = SHA-256 of the input's UTF-8 bytes in hex; hash = that 256-bit "
                           "big-endian integer / 2^256, correctly rounded to a double; picks (expositions): add them "
                           "in double, the first running sum >= hash, none -> null; picks (flags, a mutually "
                           "exclusive group of n flags sorted by id): min(floor(hash * n), n - 1); inOut (a rule's "
                           "exposition): in iff hash <= exposition.",
            "cases": kameleoon_cases(),
        },
        "datadogShard": {
            "description": "Datadog's and Eppo's UFC shards (burgee's datadog and eppo formats). input = salt \"-\" "
                           "value; md5 = the first 4 bytes of MD5(UTF-8(input)) in hex; hash = those bytes as a "
                           "big-endian uint32; shard = hash % totalShards; ranges: a shard's ranges and whether this "
                           "shard is in (start <= shard < end for any of them).",
            "cases": ufc_cases(),
        },
    }


def render(document):
    for family in document.values():
        if isinstance(family, dict):
            for case in family["cases"]:
                for key in ("picks", "inOut", "ranges"):
                    if key in case:
                        case[key] = [Inline(entry) for entry in case[key]]

    def encode(o):
        if isinstance(o, F32):
            return "@F32@" + f32_text(o.value)
        return "@INLINE@" + json.dumps(o.value, ensure_ascii=True)

    text = json.dumps(document, indent=2, ensure_ascii=True, default=encode)
    text = re.sub(r'"@F32@([^"]+)"', r"\1", text)
    text = re.sub(r'"@INLINE@(?:[^"\\]|\\.)*"', lambda m: json.loads(m.group(0))[len("@INLINE@"):], text)
    return text + "\n"


def main():
    text = render(build())
    if "--check" in sys.argv[1:]:
        with open(OUT, encoding="utf-8") as f:
            same = f.read() == text
        print("families.json is up to date" if same else "families.json differs from the generator's output")
        sys.exit(0 if same else 1)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    doc = json.loads(text)
    for family in ("native", "unleashStrategy", "unleashVariant", "flagdFractional", "launchDarkly", "splitMurmur",
                   "splitLegacy", "kameleoon", "datadogShard"):
        print("%-16s %3d cases" % (family, len(doc[family]["cases"])))


if __name__ == "__main__":
    main()
