"""Classes of input a generator must draw, counted in what a request reads: the flag it names (the
document reduced to it by the format's `reduce`) and its context.

`count(reduced, request, extra)` returns every class of `CLASSES` (0 when the request exercises
none), plus the format's own classes in `extra`, so that a run's `classes:` line shows a class the
generator never drew as 0. The classes:

- big-integers: an integer (a JSON number, or a numeric text where the format reads texts as
  numbers) at or beyond 2^53 - 1 in magnitude, where a double loses integers;
- integral-doubles: a number written with a fraction or an exponent whose value is an integer
  (`1.0`, `1e3`), which engines that keep integers apart read otherwise;
- unicode-regexes, inline-flags, named-groups, posix-classes, backtracking: texts in the flag that
  use a regular-expression construct (`\\p{…}`, `(?i)`, `(?P<n>…)`, `[[:alpha:]]`, a
  backreference or a lookaround); a generator draws them only as patterns;
- odd-versions: a version of fewer or more than three parts, with a `v` or a leading zero.
"""
import json
import re

CLASSES = ["big-integers", "integral-doubles", "unicode-regexes", "inline-flags", "named-groups", "posix-classes",
           "backtracking", "odd-versions"]

BIG = 2 ** 53 - 1
NUMERIC_TEXT = re.compile(r"^[+-]?(\d+)(\.\d*)?([eE][+-]?\d+)?$")
ODD_VERSION = re.compile(r"^(v\d+(\.\d+)*|\d+\.\d+|\d+\.\d+\.\d+\.\d+|0\d+\.\d+\.\d+)([-+].*)?$")
CONSTRUCTS = [
    ("unicode-regexes", re.compile(r"\\[pP]")),
    ("inline-flags", re.compile(r"\(\?-?[imsxuUa]")),
    ("named-groups", re.compile(r"\(\?P?<[A-Za-z_]")),
    ("posix-classes", re.compile(r"\[\[:")),
    ("backtracking", re.compile(r"\\[1-9]|\(\?<?[=!]|\(\?P=")),
]


def leaves(value):
    """Every number and text inside a JSON value, object keys left out."""
    if isinstance(value, dict):
        for v in value.values():
            yield from leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from leaves(v)
    elif value is not None and not isinstance(value, bool):
        yield value


def classes_of(value, numeric_texts):
    out = set()
    for leaf in leaves(value):
        if isinstance(leaf, int):
            if abs(leaf) >= BIG:
                out.add("big-integers")
        elif isinstance(leaf, float):
            if leaf.is_integer():
                out.add("integral-doubles")
        elif isinstance(leaf, str):
            for name, construct in CONSTRUCTS:
                if construct.search(leaf):
                    out.add(name)
            if ODD_VERSION.match(leaf):
                out.add("odd-versions")
            number = NUMERIC_TEXT.match(leaf) if numeric_texts else None
            if number:
                if number.group(2) is None and number.group(3) is None:
                    if abs(int(leaf)) >= BIG:
                        out.add("big-integers")
                elif float(leaf).is_integer():
                    out.add("integral-doubles")
        elif hasattr(leaf, "text"):
            # A number kept as its text (a generator's raw JSON number).
            out |= classes_of(json.loads(leaf.text), numeric_texts)
    return out


def count(reduced, request, numeric_texts=False, extra=()):
    """{class: 1 or 0} for one request; `extra` are the format's own classes it exercises."""
    found = classes_of(reduced, numeric_texts) | classes_of(request.get("context"), numeric_texts) | set(extra)
    counts = dict.fromkeys(CLASSES, 0)
    for name in found:
        counts[name] = 1
    return counts


REGEX_CLASSES = ["unicode-regexes", "inline-flags", "named-groups", "posix-classes", "backtracking"]


def total(reduce, document, requests, numeric_texts=False, own=None, own_names=(), left_out=()):
    """The sums of `count` over a document's requests; `own(request)` gives the format's own classes
    among `own_names`; `left_out` are classes the format cannot hold (flagd has no regular
    expressions) or that its generator keeps out, the reason in its docstring."""
    sums = dict.fromkeys([c for c in CLASSES if c not in left_out] + list(own_names), 0)
    cache = {}
    for request in requests:
        flag = request.get("flag")
        if flag not in cache:
            cache[flag] = reduce(document, flag)
        for name, n in count(cache[flag], request, numeric_texts, own(request) if own else ()).items():
            if name in sums:
                sums[name] += n
    return sums
