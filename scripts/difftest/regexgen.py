"""Random regular expressions drawn from each vendor engine's dialect, and texts to search.

`pattern(rng, dialect)` writes a pattern from the dialect's whole syntax (dialects: "rust" for
Rust's `regex` crate, "re2" for RE2 as Go reads it, "python" for Python's `re`): literals (ASCII,
non-ASCII, case pairs that only case folding joins), class escapes, Unicode property classes
(general categories, scripts, script extensions, binary properties, negations), POSIX classes,
nested classes and their operators, inline flags (global and scoped), named groups, hexadecimal,
Unicode and octal escapes, quoting, anchors, word boundaries, counted and lazy quantifiers, and
patterns the engine refuses. `texts(rng, n)` gives texts that such patterns can tell apart.

`COUNTS` counts what was generated, by construct, so that a long run can show that every construct
was drawn (`counts()`).
"""
from collections import Counter

COUNTS = Counter()

# Characters that tell the dialects apart: Unicode digits and spaces, case pairs that simple case
# folding joins (K and the Kelvin sign, sigma's three forms, ẞ and ß), scripts, line ends.
ALPHABET = ["a", "b", "c", "A", "B", "x", "k", "K", "\u212a", "é", "É", "ü", "ß", "\u1e9e", "σ", "Σ", "ς", "α", "β",
            "日", "本", "中", "、", "1", "2", "٣", "½", "_", "-", ".", " ", "\u00a0", "\u2003", "\n", "\t", "\u000b",
            "\u001c", "@", "{", "}", "[", "]", "(", "é", "\u0301", "😀", "ǅ", "ǆ", "Ǆ", "i", "I", "İ", "ı"]
TEXTS = ["", "a", "abc", "ABC", "aBc", "k", "K", "\u212a", "straße", "STRASSE", "STRAẞE", "élan", "ÉLAN", "日本", "中文、",
         "123", "١٢٣", "12a", "a b", "a\u00a0b", "a\u2003b", "a\nb", "a\nb\n", "ab\n", "\nab", "x-1", "foo bar",
         "éfooé", "foo_bar", "αβγ", "ΣΑΣ", "σας", "a.b", "axb", "a{,3}", "a{", "aaa", "_", "\u001c", "😀", "Ǆ", "ǆ",
         "ı", "İ", "user@example.com", "A1_b2", "\t", "½", "e\u0301"]

CLASS_ESCAPES = ["\\d", "\\D", "\\w", "\\W", "\\s", "\\S"]
PROPERTIES = {
    "rust": ["\\pL", "\\pN", "\\p{L}", "\\p{Lu}", "\\p{Ll}", "\\p{Letter}", "\\p{Greek}", "\\p{Han}", "\\p{Latin}",
             "\\p{sc=Grek}", "\\p{scx=Hani}", "\\p{Alphabetic}", "\\p{White_Space}", "\\p{Nd}", "\\p{greek}",
             "\\p{IsGreek}", "\\P{L}", "\\PN", "\\p{Any}", "\\p{Emoji}", "\\p{gc=Lu}", "\\p{Cased_Letter}", "\\p{Nope}"],
    "re2": ["\\pL", "\\pN", "\\p{L}", "\\p{Lu}", "\\p{Ll}", "\\p{Greek}", "\\p{Han}", "\\p{Latin}", "\\p{Nd}",
            "\\P{L}", "\\PN", "\\p{^Greek}", "\\p{Any}", "\\p{Zs}", "\\p{greek}", "\\p{Letter}", "\\p{Nope}"],
    "python": ["\\p{L}"],
}
POSIX = ["[[:alpha:]]", "[[:digit:]]", "[[:^alpha:]]", "[[:space:]]", "[[:word:]]", "[[:upper:]]", "[[:punct:]]"]
NESTED = ["[a-z&&[^aeiou]]", "[\\w--\\d]", "[[a-c][x-z]]", "[\\p{L}&&\\p{Greek}]", "[a-c~~b-d]"]
ESCAPES = {
    "rust": ["\\x41", "\\x{e9}", "\\u00e9", "\\u{1F600}", "\\U0001F600", "\\t", "\\n", "\\.", "\\-", "\\_", "\\{", "\\0",
             "\\a", "\\~", "\\e"],
    "re2": ["\\x41", "\\x{e9}", "\\t", "\\n", "\\.", "\\-", "\\_", "\\{", "\\0", "\\012", "\\Qa.b\\E", "\\u00e9", "\\a"],
    "python": ["\\x41", "\\u00e9", "\\U0001F600", "\\t", "\\n", "\\.", "\\-", "\\_", "\\{", "\\0", "\\012", "\\a",
               "\\N{LATIN SMALL LETTER A}", "\\e"],
}
ANCHORS = {"rust": ["^", "$", "\\A", "\\z", "\\b", "\\B", "\\<", "\\>"], "re2": ["^", "$", "\\A", "\\z", "\\b", "\\B"],
           "python": ["^", "$", "\\A", "\\Z", "\\b", "\\B"]}
FLAGS = {"rust": ["i", "m", "s", "x", "u", "-u", "U", "i-s", "is"], "re2": ["i", "m", "s", "U", "is", "i-s"],
         "python": ["i", "m", "s", "x", "a", "is"]}
QUANTIFIERS = ["*", "+", "?", "{2}", "{1,3}", "{2,}", "{,3}", "*?", "+?", "{0}", "{2,1}", "**", "*+"]
# Patterns some or all engines refuse, or that need backtracking.
REFUSED = ["(", "[a-", "a)", "\\1", "(a)\\1", "(?=a)", "(?!a)b", "(?<=a)b", "(?P=n)", "*a", "a{", "x{2,1}", "(?)",
           "(?z)", "[\\d-z]", "\\", "(?P<1>a)", "[]", "a{1001}"]


def counts():
    """What was generated so far, by construct."""
    return dict(COUNTS)


def atom(rng, dialect, depth):
    r = rng.random()
    if r < 0.25:
        COUNTS["literal"] += 1
        return escape_literal(rng.choice(ALPHABET))
    if r < 0.35:
        COUNTS["class escape"] += 1
        return rng.choice(CLASS_ESCAPES)
    if r < 0.45:
        COUNTS["property class"] += 1
        return rng.choice(PROPERTIES[dialect])
    if r < 0.55:
        COUNTS["class"] += 1
        return bracket(rng)
    if r < 0.6:
        COUNTS["POSIX class"] += 1
        return rng.choice(POSIX)
    if r < 0.64:
        COUNTS["nested class"] += 1
        return rng.choice(NESTED)
    if r < 0.72:
        COUNTS["escape"] += 1
        return rng.choice(ESCAPES[dialect])
    if r < 0.8:
        COUNTS["anchor"] += 1
        return rng.choice(ANCHORS[dialect])
    if r < 0.84:
        COUNTS["dot"] += 1
        return "."
    if depth < 2:
        COUNTS["group"] += 1
        inner = sequence(rng, dialect, depth + 1)
        kind = rng.random()
        if kind < 0.3:
            return "(" + inner + ")"
        if kind < 0.5:
            return "(?:" + inner + ")"
        if kind < 0.65:
            COUNTS["named group"] += 1
            return rng.choice(["(?P<n>", "(?<n>"]) + inner + ")"
        if kind < 0.85:
            COUNTS["scoped flags"] += 1
            return "(?" + rng.choice(FLAGS[dialect]).replace("-", "-") + ":" + inner + ")"
        COUNTS["alternation"] += 1
        return "(" + inner + "|" + sequence(rng, dialect, depth + 1) + ")"
    COUNTS["literal"] += 1
    return escape_literal(rng.choice(ALPHABET))


def escape_literal(c):
    return "\\" + c if c in ".^$*+?()[]{}|\\" else ("\\n" if c == "\n" else c)


def bracket(rng):
    members = []
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.4:
            members.append(rng.choice(["a-c", "x-z", "A-Z", "0-9", "à-ü", "α-ω", "ß", "\\d", "\\s", "\\w", "-", "_"]))
        else:
            c = rng.choice(ALPHABET)
            members.append("\\" + c if c in "]\\^[-" else ("\\n" if c == "\n" else c))
    return "[" + ("^" if rng.random() < 0.25 else "") + "".join(members) + "]"


def sequence(rng, dialect, depth=0):
    out = []
    for _ in range(rng.randint(1, 3)):
        a = atom(rng, dialect, depth)
        if rng.random() < 0.3:
            COUNTS["quantifier"] += 1
            a += rng.choice(QUANTIFIERS)
        out.append(a)
    return "".join(out)


def pattern(rng, dialect):
    """A random pattern in `dialect` ("rust", "re2" or "python")."""
    if rng.random() < 0.07:
        COUNTS["refused"] += 1
        return rng.choice(REFUSED)
    body = sequence(rng, dialect)
    if rng.random() < 0.2:
        COUNTS["alternation"] += 1
        body += "|" + sequence(rng, dialect)
    if rng.random() < 0.25:
        COUNTS["global flags"] += 1
        flags = rng.choice(FLAGS[dialect]).replace("-", "")
        body = "(?" + flags + ")" + body
    if rng.random() < 0.05 and dialect != "python":
        COUNTS["flags mid-pattern"] += 1
        cut = rng.randint(0, len(body))
        body = body[:cut] + "(?i)" + body[cut:]
    return body


def python_runs(p):
    """Whether Python's `re` compiles `p` without what needs backtracking (backreferences,
    lookaround, possessive quantifiers, atomic and conditional groups), which Burgee refuses."""
    import re
    import warnings
    from re import _constants as c, _parser
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            tree = _parser.parse(p)
            re.compile(p)
        except Exception:
            return False
    refused = {c.GROUPREF, c.GROUPREF_EXISTS, c.ASSERT, c.ASSERT_NOT, c.POSSESSIVE_REPEAT, c.ATOMIC_GROUP}

    def walk(items):
        for op, av in items:
            if op in refused:
                return False
            for sub in (av if isinstance(av, (list, tuple)) else [av]):
                if isinstance(sub, _parser.SubPattern) and not walk(sub.data):
                    return False
                if isinstance(sub, (list, tuple)):
                    for x in sub:
                        if isinstance(x, _parser.SubPattern) and not walk(x.data):
                            return False
        return True
    return walk(tree.data)


def python_pattern(rng, fallback):
    """A pattern Python's `re` runs and Burgee runs too (else one of `fallback`); the others are
    kept out, each counted."""
    for _ in range(10):
        p = pattern(rng, "python")
        if python_runs(p):
            return p
        COUNTS["kept out: refused or backtracking in Python"] += 1
    return rng.choice(fallback)


def texts(rng, n):
    """`n` texts: from a pool that tells the dialects apart, and random strings of its alphabet."""
    out = []
    for _ in range(n):
        if rng.random() < 0.5:
            out.append(rng.choice(TEXTS))
        else:
            out.append("".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 6))))
    return out
