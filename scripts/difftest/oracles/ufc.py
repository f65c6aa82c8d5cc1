"""Datadog's and Eppo's own engines evaluating UFC (Universal Flag Configuration) documents offline.

    evaluate(dialect, document, requests, now=None, fixtures_rule=True) -> [answer]

`dialect` is "datadog" or "eppo"; `document` a UFC document (a JSON:API envelope
`{"data": {"attributes": UFC}}` is unwrapped first); `requests` are request lines of
`burgee eval --requests`; `now` an RFC 3339 instant, the clock that startAt/endAt read (None: the
real clock). Each answer: value (served, else the request's default), variation, reason
({"kind"} or {"kind": "ERROR", "errorKind"}), allocationKey, doLog, and type (the SDK method's
type: boolean, string, int, double or json); Datadog adds serialId, Eppo flagEvaluationCode and
extraLogging. Eppo's allocationKey is the allocation its details name as matched, also when the
evaluation then fails (a variation value of the wrong type).

A document may hold RawNumber values: JSON numbers written as their text says (`1e2`, `42.0`),
which both engines are given as written (`dumps`); Python's json writes a float its own way.

How each SDK runs here (both in a worker process, see below):
- Datadog: ddtrace's OpenFeature provider (`ddtrace.openfeature.DataDogProvider`, with libdatadog's
  Rust evaluator compiled in), its configuration source set to Remote Config while Remote Config
  itself, the exposure intake, the evaluation counts, tracing and telemetry are turned off by
  environment. The document goes to `process_ffe_configuration`, the function the Remote Config
  callback hands each payload to (False: the evaluator refused the document). Each request calls the
  provider's `resolve_<type>_details`; doLog says whether the provider handed an exposure event to
  its writer (the writer is replaced by a recorder, and the provider's exposure cache is emptied
  before each request, so repeats are not deduplicated away).
- Eppo: `eppo_client.init` with `initial_configuration` (the document), no polling, an unreachable
  base URL and a logger that records assignment events; `set_configuration` per document; each
  request calls `get_<type>_assignment_details` with a default of the right type (the typed Python
  API refuses others) and takes the request's default back when no variation was served.

The clock: both engines read the wall clock in Rust (chrono, through glibc's `clock_gettime`), so
the worker runs with a small LD_PRELOAD library, compiled here with the system C compiler into
.build/ufc-oracle/, that answers CLOCK_REALTIME from a value the worker sets through ctypes before
each document (monotonic clocks are left alone). Without a C compiler `now` cannot be fixed and
evaluate() refuses a `now`.

`fixtures_rule` (Datadog only): libdd-ffe rejects a flag as a whole when any part of it is invalid,
and ddtrace then answers ERROR/PARSE_ERROR; Datadog's shared fixtures (ffe-system-test-data), and
Burgee with them, answer DEFAULT with the default value. With the rule on, such answers are
rewritten that way.

    python ufc.py fixtures DIR    # scores the Datadog oracle on ffe-system-test-data
"""
import atexit
import calendar
import hashlib
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))

DIALECTS = ("datadog", "eppo")

# Request types (Burgee's, the UFC's and OpenFeature's names) -> the SDK method's type.
TYPES = {"boolean": "boolean", "BOOLEAN": "boolean",
         "string": "string", "STRING": "string",
         "int": "int", "integer": "int", "INTEGER": "int",
         "double": "double", "float": "double", "NUMERIC": "double",
         "json": "json", "object": "json", "JSON": "json"}

CLOCK_SOURCE = r"""
#define _GNU_SOURCE
#include <time.h>
#include <dlfcn.h>
static volatile int fixed = 0;
static volatile long long fixed_sec = 0;
static volatile long fixed_nsec = 0;
void ufc_clock_set(int on, long long sec, long nsec) { fixed = 0; fixed_sec = sec; fixed_nsec = nsec; fixed = on; }
int clock_gettime(clockid_t id, struct timespec *ts) {
    static int (*next)(clockid_t, struct timespec *);
    if (fixed && (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE)) {
        ts->tv_sec = fixed_sec;
        ts->tv_nsec = fixed_nsec;
        return 0;
    }
    if (!next) next = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    return next(id, ts);
}
"""


# ---------------------------------------------------------------------------------------------
# Shared helpers


class RawNumber:
    """A JSON number written exactly as `text` says (`1e2`, `42.0`, `-0.0`); `value` is what
    Python reads from it."""

    def __init__(self, text):
        self.text = text
        self.value = json.loads(text)
        if isinstance(self.value, bool) or not isinstance(self.value, (int, float)):
            raise ValueError("not a JSON number: %r" % (text,))

    def __repr__(self):
        return "RawNumber(%r)" % (self.text,)

    def __eq__(self, other):
        return isinstance(other, RawNumber) and other.text == self.text

    def __hash__(self):
        return hash(self.text)


RAW_MARK = "\u0000raw-number:"
RAW_TEXT = re.compile(r'"\\u0000raw-number:([^"\\]*)"')


def dumps(value):
    """JSON text of `value`, RawNumber values written as they are."""
    def mark(o):
        if isinstance(o, RawNumber):
            return RAW_MARK + o.text
        raise TypeError("%r is not JSON serializable" % (o,))
    return RAW_TEXT.sub(lambda m: m.group(1), json.dumps(value, default=mark))


def has_raw_numbers(value):
    if isinstance(value, RawNumber):
        return True
    if isinstance(value, dict):
        return any(has_raw_numbers(v) for v in value.values())
    if isinstance(value, list):
        return any(has_raw_numbers(v) for v in value)
    return False


def _to_wire(o):
    # RawNumber across the pipe to the worker.
    if isinstance(o, RawNumber):
        return {"$rawNumber": o.text}
    raise TypeError("%r is not JSON serializable" % (o,))


def _from_wire(o):
    if len(o) == 1 and "$rawNumber" in o:
        return RawNumber(o["$rawNumber"])
    return o


def unwrap(document):
    """The UFC inside a JSON:API envelope, or the document itself."""
    if isinstance(document, dict) and isinstance(document.get("data"), dict) \
            and isinstance(document["data"].get("attributes"), dict):
        return document["data"]["attributes"]
    return document


RFC3339 = re.compile(r"^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(\.\d+)?([Zz]|[+-]\d\d:\d\d)$")


def parse_instant(text):
    """(seconds, nanoseconds) since the epoch of an RFC 3339 instant."""
    m = RFC3339.match(text)
    if not m:
        raise ValueError("not an RFC 3339 instant: %r" % (text,))
    year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
    seconds = calendar.timegm((year, month, day, hour, minute, second, 0, 0, 0))
    fraction = (m.group(7) or ".")[1:]
    nanos = int((fraction + "000000000")[:9])
    zone = m.group(8)
    if zone not in ("Z", "z"):
        offset = int(zone[1:3]) * 3600 + int(zone[4:6]) * 60
        seconds -= offset if zone[0] == "+" else -offset
    return seconds, nanos


def request_type(document, request):
    """The SDK type a request is evaluated with: its own, else the flag's variationType."""
    kind = request.get("type")
    if kind is not None:
        return TYPES.get(kind, kind)
    flags = document.get("flags") if isinstance(document, dict) else None
    flag = flags.get(request.get("flag")) if isinstance(flags, dict) else None
    if isinstance(flag, dict) and isinstance(flag.get("variationType"), str):
        return TYPES.get(flag["variationType"], "string")
    return "string"


def request_context(request):
    """(targeting key or None, attributes) of a request's context."""
    context = request.get("context")
    if not isinstance(context, dict):
        return None, {}
    key = None
    for name in ("targetingKey", "subjectKey", "key"):
        if name in context:
            key = context[name]
            break
    if "attributes" in context:
        attributes = context["attributes"]
    else:
        attributes = {k: v for k, v in context.items() if k not in ("targetingKey", "subjectKey", "key")}
    return key, attributes if attributes is not None else {}


def member(obj, name, position):
    """A member of an object, also when written as the array of its members (serde reads a Rust
    struct from either; `position` is the member's place in the struct)."""
    if isinstance(obj, dict):
        return obj.get(name)
    if isinstance(obj, list) and position < len(obj):
        return obj[position]
    return None


def significant(shard, total):
    """A shard is hashed unless one of its ranges is exactly the whole [0, total)."""
    for r in member(shard, "ranges", 1) or []:
        if member(r, "start", 0) == 0 and member(r, "end", 1) == total and not isinstance(total, bool):
            return False
    return True


def served_reason(allocation, flag_total_shards):
    """libdd-ffe's reason for a value served by `allocation`, with Eppo's flag-level totalShards
    (for Eppo, which has no reasons; its shards are [salt, ranges] in array form)."""
    if member(allocation, "rules", 1):
        return "TARGETING_MATCH"
    splits = member(allocation, "splits", 4) or []
    if len(splits) == 1:
        shards = member(splits[0], "shards", 0) or []
        dated = member(allocation, "startAt", 2) is not None or member(allocation, "endAt", 3) is not None
        if dated and not any(significant(s, flag_total_shards) for s in shards):
            return "DEFAULT"
        if shards == []:
            return "STATIC"
    return "SPLIT"


def error(kind, default, **extra):
    answer = {"value": default, "variation": None, "reason": {"kind": "ERROR", "errorKind": kind},
              "allocationKey": None, "doLog": False}
    answer.update(extra)
    return answer


# ---------------------------------------------------------------------------------------------
# The parent side: one worker process per dialect, kept for the whole run


_WORKERS = {}


def clock_library():
    """The LD_PRELOAD clock library, compiled once into .build/ufc-oracle/; None without a compiler."""
    digest = hashlib.sha256(CLOCK_SOURCE.encode()).hexdigest()[:12]
    directory = os.path.join(ROOT, ".build", "ufc-oracle")
    library = os.path.join(directory, "clock-%s.so" % digest)
    if os.path.exists(library):
        return library
    os.makedirs(directory, exist_ok=True)
    source = os.path.join(directory, "clock-%s.c" % digest)
    with open(source, "w") as f:
        f.write(CLOCK_SOURCE)
    partial = library + ".%d" % os.getpid()
    for compiler in ("cc", "gcc", "clang"):
        try:
            done = subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", partial, source, "-ldl"],
                                  capture_output=True)
        except OSError:
            continue
        if done.returncode == 0:
            os.replace(partial, library)
            return library
    return None


def python():
    venv = os.path.join(ROOT, ".build", "difftest-venv", "bin", "python")
    return venv if os.path.exists(venv) else sys.executable


def worker(dialect):
    process = _WORKERS.get(dialect)
    if process is not None and process.poll() is None:
        return process
    library = clock_library()
    env = dict(os.environ)
    if library:
        env["LD_PRELOAD"] = library + (" " + env["LD_PRELOAD"] if env.get("LD_PRELOAD") else "")
        env["UFC_ORACLE_CLOCK"] = library
    stderr = None if os.environ.get("UFC_ORACLE_STDERR") else subprocess.DEVNULL
    process = subprocess.Popen([python(), os.path.abspath(__file__), "worker", dialect], env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, text=True,
                               encoding="utf-8")
    _WORKERS[dialect] = process
    return process


@atexit.register
def _stop_workers():
    for process in _WORKERS.values():
        try:
            process.stdin.close()
            process.wait(timeout=10)
        except Exception:
            process.kill()


def evaluate(dialect, document, requests, now=None, fixtures_rule=True):
    if dialect not in DIALECTS:
        raise ValueError("dialect must be one of %s" % (DIALECTS,))
    if now is not None:
        parse_instant(now)
        if clock_library() is None:
            raise RuntimeError("ufc oracle: no C compiler to build the clock library; `now` cannot be fixed")
    process = worker(dialect)
    process.stdin.write(json.dumps({"document": document, "requests": requests, "now": now,
                                    "fixturesRule": fixtures_rule}, default=_to_wire) + "\n")
    process.stdin.flush()
    line = process.stdout.readline()
    if not line:
        _WORKERS.pop(dialect, None)
        raise RuntimeError("ufc oracle: the %s worker exited (%s)" % (dialect, process.wait()))
    reply = json.loads(line)
    if "failure" in reply:
        raise RuntimeError("ufc oracle: " + reply["failure"])
    return reply["answers"]


# ---------------------------------------------------------------------------------------------
# The worker side


def load_datadog_configuration(document):
    """Gives ddtrace (already imported, in a worker) a UFC document as its Remote Config callback
    gives it a payload: `process_ffe_configuration` with the plain UFC (a JSON:API envelope
    unwrapped first), or, for a document with RawNumber values, what that function does with the
    numbers as written (it would write them with Python's json). False: the evaluator refused the
    document (the previous configuration stays)."""
    from ddtrace.internal.openfeature import _config, _native
    document = unwrap(document)
    if not has_raw_numbers(document):
        return _native.process_ffe_configuration(document)
    try:
        configuration = _native.ffe.Configuration(dumps(document).encode("utf-8"))
    except ValueError:
        return False
    consent = isinstance(document, dict) and document.get("observeFullEvaluationData") is True
    _config._set_ffe_config(_config._FfeSnapshot(configuration, consent))
    return True


class DatadogEngine:
    def __init__(self):
        os.environ.update({
            "DD_FEATURE_FLAGS_ENABLED": "true",
            "DD_FEATURE_FLAGS_CONFIGURATION_SOURCE": "remote_config",
            "DD_REMOTE_CONFIGURATION_ENABLED": "false",
            "DD_FFE_INTAKE_ENABLED": "false",
            "DD_FLAGGING_EVALUATION_COUNTS_ENABLED": "false",
            "DD_METRICS_OTEL_ENABLED": "false",
            "DD_TRACE_ENABLED": "false",
            "DD_INSTRUMENTATION_TELEMETRY_ENABLED": "false",
            "DD_EXPERIMENTAL_FLAGGING_PROVIDER_SPAN_ENRICHMENT_ENABLED": "false",
        })
        from openfeature.evaluation_context import EvaluationContext
        from openfeature.exception import ProviderNotReadyError
        from ddtrace.internal.openfeature import _config, _provider
        from ddtrace.openfeature import DataDogProvider

        engine = self

        class Recorder:
            """Stands for the exposure writer: notes what the provider enqueues."""

            def enqueue(self, event):
                engine.exposures.append(event)

        recorder = Recorder()
        _provider.get_exposure_writer = lambda: recorder
        self.exposures = []
        self.EvaluationContext = EvaluationContext
        self.set_config = _config._set_ffe_config
        self.provider = DataDogProvider(initialization_timeout=0)
        try:
            self.provider.initialize(EvaluationContext())
        except ProviderNotReadyError:
            pass  # no configuration yet; resolution does not look at the status
        p = self.provider
        self.methods = {"boolean": p.resolve_boolean_details, "string": p.resolve_string_details,
                        "int": p.resolve_integer_details, "double": p.resolve_float_details,
                        "json": p.resolve_object_details}

    def evaluate(self, document, requests, fixtures_rule):
        document = unwrap(document)
        self.set_config(None)
        accepted = load_datadog_configuration(document)
        return [self.one(document, request, accepted, fixtures_rule) for request in requests]

    def one(self, document, request, accepted, fixtures_rule):
        default = request.get("default")
        kind = request_type(document, request)
        method = self.methods.get(kind)
        if method is None:
            return error("GENERAL", default, note="unknown request type %r" % (kind,))
        key, attributes = request_context(request)
        self.provider.clear_exposure_cache()
        del self.exposures[:]
        details = method(request.get("flag"), default, self.EvaluationContext(key, attributes))
        reason = {"kind": getattr(details.reason, "value", details.reason)}
        if details.error_code is not None:
            reason["errorKind"] = getattr(details.error_code, "value", details.error_code)
        metadata = details.flag_metadata or {}
        answer = {"value": details.value, "variation": details.variant, "reason": reason,
                  "allocationKey": metadata.get("allocation_key"), "doLog": bool(self.exposures),
                  "serialId": metadata.get("__dd_split_serial_id") if details.variant else None,
                  "type": kind}
        if not accepted:
            answer["documentRejected"] = True
        if fixtures_rule and reason == {"kind": "ERROR", "errorKind": "PARSE_ERROR"}:
            answer.update(value=default, variation=None, reason={"kind": "DEFAULT"}, allocationKey=None,
                          doLog=False, serialId=None)
        return answer


# Members of an Eppo assignment event that are not the split's extraLogging.
EPPO_EVENT_MEMBERS = {"featureFlag", "allocation", "experiment", "variation", "subject", "subjectAttributes",
                      "timestamp", "metaData", "evaluationDetails"}
EPPO_PLACEHOLDERS = {"boolean": False, "string": "", "int": 0, "double": 0.0, "json": None}


class EppoEngine:
    def __init__(self):
        import eppo_client
        from eppo_client.config import AssignmentLogger, Config

        engine = self

        class Logger(AssignmentLogger):
            def log_assignment(self, event):
                engine.events.append(event)

            def log_bandit_action(self, event):
                pass

        self.events = []
        self.eppo = eppo_client
        empty = {"createdAt": "2024-01-01T00:00:00Z", "environment": {"name": "oracle"}, "flags": {}}
        self.client = eppo_client.init(Config(
            api_key="oracle", base_url="http://127.0.0.1:9", assignment_logger=Logger(),
            poll_interval_seconds=None,
            initial_configuration=eppo_client.Configuration(flags_configuration=json.dumps(empty).encode())))
        c = self.client
        self.methods = {"boolean": c.get_boolean_assignment_details, "string": c.get_string_assignment_details,
                        "int": c.get_integer_assignment_details, "double": c.get_numeric_assignment_details,
                        "json": c.get_json_assignment_details}

    def evaluate(self, document, requests, fixtures_rule):
        document = unwrap(document)
        try:
            configuration = self.eppo.Configuration(flags_configuration=dumps(document).encode())
        except Exception as e:
            return [error("PROVIDER_NOT_READY", r.get("default"), flagEvaluationCode=None, extraLogging={},
                          documentRejected=True, note=str(e)) for r in requests]
        self.client.set_configuration(configuration)
        return [self.one(document, request) for request in requests]

    def one(self, document, request):
        default = request.get("default")
        kind = request_type(document, request)
        method = self.methods.get(kind)
        if method is None:
            return error("GENERAL", default, flagEvaluationCode=None, extraLogging={},
                         note="unknown request type %r" % (kind,))
        key, attributes = request_context(request)
        del self.events[:]
        try:
            result = method(request.get("flag"), key, attributes, EPPO_PLACEHOLDERS[kind])
        except TypeError as e:
            # The typed API refuses a key that is not a string and attributes that are not scalars.
            refused = "TARGETING_KEY_MISSING" if "subject_key" in str(e) else "INVALID_CONTEXT"
            return error(refused, default, flagEvaluationCode=None, extraLogging={}, note=str(e))
        details = result.evaluation_details or {}
        code = details.get("flagEvaluationCode")
        variation = details.get("variationKey") if code == "MATCH" else None
        flags = document.get("flags") if isinstance(document.get("flags"), dict) else {}
        flag = flags.get(request.get("flag"))
        answer = {"value": result.variation if variation is not None else default, "variation": variation,
                  "allocationKey": None, "doLog": bool(self.events), "flagEvaluationCode": code,
                  "extraLogging": {}, "type": kind}
        # Eppo's evaluation details, but for the two readings of the clock (formats/eppo.py compares
        # them). The Python binding hands a JSON value's nested null over as `()` (serde_pyobject's
        # unit), which would print as []: it is the core's null.
        answer["details"] = unit_as_null({k: v for k, v in details.items() if k not in ("timestamp", "configFetchedAt")})
        if self.events:
            answer["extraLogging"] = {k: v for k, v in self.events[-1].items() if k not in EPPO_EVENT_MEMBERS}
            answer["events"] = list(self.events)  # the assignment events as logged (events.py compares them)
        # The allocation Eppo's details name as matched: also when serving its split then failed
        # (UNEXPECTED_CONFIGURATION_ERROR for a value of the wrong type or an unknown variation).
        matched = [a for a in details.get("allocations") or [] if a.get("allocationEvaluationCode") == "MATCH"]
        if matched:
            answer["allocationKey"] = matched[0].get("key")
        if code == "MATCH":
            allocation = {}
            if matched:
                position = matched[0].get("orderPosition")
                allocations = member(flag, "allocations", 4)
                if isinstance(position, int) and isinstance(allocations, list) and 0 < position <= len(allocations):
                    allocation = allocations[position - 1]
            answer["reason"] = {"kind": served_reason(allocation, member(flag, "totalShards", 5))}
        elif code == "DEFAULT_ALLOCATION_NULL":
            answer["reason"] = {"kind": "DEFAULT"}
        elif code == "FLAG_UNRECOGNIZED_OR_DISABLED":
            disabled = member(flag, "enabled", 1) is False
            answer["reason"] = {"kind": "DISABLED"} if disabled else {"kind": "ERROR", "errorKind": "FLAG_NOT_FOUND"}
        elif code == "TYPE_MISMATCH":
            answer["reason"] = {"kind": "ERROR", "errorKind": "TYPE_MISMATCH"}
        elif code == "UNEXPECTED_CONFIGURATION_ERROR":
            answer["reason"] = {"kind": "ERROR", "errorKind": "PARSE_ERROR"}
        elif code == "CONFIGURATION_MISSING":
            answer["reason"] = {"kind": "ERROR", "errorKind": "PROVIDER_NOT_READY"}
        else:
            answer["reason"] = {"kind": "ERROR", "errorKind": "GENERAL"}
        return answer


def unit_as_null(value):
    """`value` with every empty tuple (serde_pyobject's unit, the core's JSON null) as None."""
    if isinstance(value, tuple) and not value:
        return None
    if isinstance(value, dict):
        return {k: unit_as_null(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [unit_as_null(v) for v in value]
    return value


def serve(dialect):
    """The worker: one JSON line in (document, requests, now), one JSON line out (answers)."""
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the engines' own output goes to stderr, never into the replies
    sys.stdout = sys.stderr
    clock = None
    if os.environ.get("UFC_ORACLE_CLOCK"):
        import ctypes
        clock = ctypes.CDLL(os.environ["UFC_ORACLE_CLOCK"]).ufc_clock_set
        clock.argtypes = [ctypes.c_int, ctypes.c_longlong, ctypes.c_long]
    engine = DatadogEngine() if dialect == "datadog" else EppoEngine()
    for line in sys.stdin:
        job = json.loads(line, object_hook=_from_wire)
        try:
            if job.get("now") is not None:
                if clock is None:
                    raise RuntimeError("the clock library is not loaded")
                clock(1, *parse_instant(job["now"]))
            elif clock is not None:
                clock(0, 0, 0)
            reply = {"answers": engine.evaluate(job["document"], job["requests"], job.get("fixturesRule", True))}
        except Exception as e:
            import traceback
            reply = {"failure": "%s: %s\n%s" % (type(e).__name__, e, traceback.format_exc())}
        finally:
            if clock is not None:
                clock(0, 0, 0)
        out.write(json.dumps(reply) + "\n")
        out.flush()


# ---------------------------------------------------------------------------------------------
# Scoring the Datadog oracle on Datadog's shared fixtures (read in place)


def fixtures(directory, fixtures_rule=True):
    import glob
    with open(os.path.join(directory, "ufc-config.json")) as f:
        document = json.load(f)
    cases, requests = [], []
    for path in sorted(glob.glob(os.path.join(directory, "evaluation-cases", "*.json"))):
        with open(path) as f:
            for case in json.load(f):
                cases.append((os.path.basename(path), case))
                requests.append({"flag": case["flag"], "type": case["variationType"],
                                 "default": case["defaultValue"],
                                 "context": {"targetingKey": case.get("targetingKey"),
                                             "attributes": case.get("attributes") or {}}})
    answers = evaluate("datadog", document, requests, fixtures_rule=fixtures_rule)
    matched = 0
    for (name, case), answer in zip(cases, answers):
        want = case["result"]
        same_value = json.dumps(answer["value"], sort_keys=True) == json.dumps(want["value"], sort_keys=True) \
            or (isinstance(answer["value"], (int, float)) and isinstance(want["value"], (int, float))
                and not isinstance(answer["value"], bool) and float(answer["value"]) == float(want["value"]))
        same_error = "errorCode" not in want or answer["reason"].get("errorKind") == want["errorCode"]
        if same_value and answer["reason"]["kind"] == want["reason"] and same_error:
            matched += 1
        else:
            print("%s %s: want %s, got %s" % (name, case["flag"], json.dumps(want), json.dumps(answer)))
    print("%d of %d match (value, reason and error code where given)" % (matched, len(cases)))
    return matched == len(cases)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "worker":
        serve(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "fixtures":
        sys.exit(0 if fixtures(sys.argv[2], "--no-fixtures-rule" not in sys.argv) else 1)
    else:
        sys.exit("usage: ufc.py fixtures DIR [--no-fixtures-rule]")
