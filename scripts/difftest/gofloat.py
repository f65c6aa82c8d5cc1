"""JSON values as Go reads them: every JSON number a float64 (encoding/json, LaunchDarkly's ldvalue,
flagd's evaluator), for oracles whose Python SDK keeps Python's exact ints instead."""


def as_float64(value, at_least=0):
    """`value` with each integer (not a boolean) of magnitude `at_least` or more written as the
    double Go reads (9007199254740993 becomes 9007199254740992.0); other values as they are."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return float(value) if abs(value) >= at_least else value
    if isinstance(value, list):
        return [as_float64(v, at_least) for v in value]
    if isinstance(value, dict):
        return {k: as_float64(v, at_least) for k, v in value.items()}
    return value
