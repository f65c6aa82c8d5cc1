"""Replays command-line requests of the Kameleoon format through Kameleoon's Python SDK, offline.

The SDK (`kameleoon-client-python` 3.22.2) is imported when the first `Replay` is made, never at
import time, so that `generate.py --check` runs on plain Python. A `Replay` is one `KameleoonClient`
whose configuration fetch is switched off; `load(definitions)` installs a document as a fetch would
(`DataFile.from_json`, which raises for a document the SDK refuses), and `evaluate(flag, context,
now_ms)` answers one request line of `burgee eval --format kameleoon --requests` as the contract
does (docs/kameleoon.md, spec-fixtures/kameleoon/README.md): a fresh visitor, replayed in order
(`set_legal_consent`, the Data API response handler with the request's filter, `add_data` with
`track=False`, `get_variation` of the prior flags), then `get_variation(track=False)` and, on a fresh
replay, `is_feature_active(track=False)`.

What the contract fixes and the SDK reads from its surroundings is patched in: every reader of the
SDK's clock gets the request's clock (the visit starts at `now`; each `pageView` and `conversion`
item and each prior evaluation moves it 1 ms on), "today" is the UTC day, and the SDK identity that
`SDK_LANGUAGE` conditions compare with is Burgee's (`BURGEE`, 0.1.0). The patches are made once, for
the whole process.

Used by `generate.py --verify` and by the differential test (scripts/difftest/formats/kameleoon.py).
"""

import copy
import os
import sys
from datetime import datetime, timezone

SDK_NAME = "BURGEE"
SDK_VERSION = "0.1.0"
DEFAULT_NOW = "2026-03-01T12:00:00Z"

# The request's `remote.filter` keys (camelCase) and the SDK's RemoteVisitorDataFilter fields.
FILTER_NAMES = {"previousVisitAmount": "previous_visit_amount", "currentVisit": "current_visit",
                "customData": "custom_data", "pageViews": "page_views", "geolocation": "geolocation",
                "device": "device", "browser": "browser", "operatingSystem": "operating_system",
                "conversions": "conversions", "experiments": "experiments", "kcs": "kcs", "visitorCode": "visitor_code",
                "cbs": "cbs", "personalization": "personalization"}


def parse_now(text):
    """Unix milliseconds of `--now`: RFC 3339 (UTC or with an offset, fractions of a second allowed) or
    an integer number of milliseconds."""
    if isinstance(text, int) or str(text).lstrip("-").isdigit():
        return int(text)
    moment = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return round(moment.timestamp() * 1000)


def failure(kind, error_kind, error, active, blocked_by=None):
    """A result line (without `flag`) for an evaluation that failed with the SDK exception `error`."""
    reason = {"kind": kind}
    if error_kind is not None:
        reason["errorKind"] = error_kind
    kameleoon = {"variationKey": None, "variationName": None, "variationId": None, "experimentId": None,
                 "ruleId": None, "ruleType": None, "variables": None, "active": active, "error": error,
                 "blockedBy": blocked_by}
    return {"value": None, "variation": None, "reason": reason, "kameleoon": kameleoon}


class _Sdk:
    """The SDK's modules, patched for an offline replay on the request's clock; made once."""

    instance = None

    @classmethod
    def get(cls):
        if cls.instance is None:
            cls.instance = cls()
        return cls.instance

    def __init__(self):
        import logging
        import time
        os.environ["TZ"] = "UTC"  # the SDK's "today" is the local day; the contract's is the UTC day
        time.tzset()
        logging.disable(logging.CRITICAL)
        from kameleoon.kameleoon_client import KameleoonClient
        from kameleoon.configuration.data_file import DataFile
        from kameleoon import data, exceptions
        from kameleoon.kameleoon_client_config import KameleoonClientConfig
        from kameleoon.sdk_version import SdkVersion, __version__
        from kameleoon.types.remote_visitor_data_filter import RemoteVisitorDataFilter
        import kameleoon.helpers.time as ktime
        import kameleoon.targeting.conditions.visit_number_today_condition as today_module

        self.version = __version__
        self.data = data
        self.exceptions = exceptions
        self.DataFile = DataFile
        self.RemoteVisitorDataFilter = RemoteVisitorDataFilter
        self.KameleoonClient = KameleoonClient
        self.KameleoonClientConfig = KameleoonClientConfig

        # The evaluation clock: every reader of the SDK's clock gets `clock[0]`.
        self.clock = [0]
        clock = self.clock
        original_time_ms = ktime.time_ms

        def fake_time_ms():
            return clock[0]

        for name, module in list(sys.modules.items()):
            if name.startswith("kameleoon") and getattr(module, "time_ms", None) is original_time_ms:
                setattr(module, "time_ms", fake_time_ms)

        class FakeDatetime(datetime):
            @classmethod
            def now(cls, tz=None):
                return datetime.fromtimestamp(clock[0] / 1000)

        today_module.datetime = FakeDatetime
        SdkVersion.NAME = SDK_NAME
        SdkVersion.VERSION = SDK_VERSION
        # Offline: no configuration fetch; a document is installed as a fetch would install it.
        KameleoonClient._init_fetch_configuration = lambda self: None
        # get_variation does not say which rule served: its evaluated experiment is noted on the way out.
        self.captured = {}
        captured = self.captured
        create_external = KameleoonClient.__dict__["_KameleoonClient__create_external_variation"].__func__

        def capture(variation_, eval_exp):
            captured["eval"] = eval_exp
            return create_external(variation_, eval_exp)

        KameleoonClient._KameleoonClient__create_external_variation = staticmethod(capture)


class _Response:
    """What the Data API response handler reads of an HTTP response."""

    def __init__(self, content):
        self.content = content


class Replay:
    """One offline client of the SDK; `load` a document, then `evaluate` request lines against it."""

    def __init__(self):
        self.sdk = _Sdk.get()
        self.client = self.sdk.KameleoonClient(
            "burgee-replay", self.sdk.KameleoonClientConfig("client-id", "client-secret"))
        self._handle_remote = self.client._remote_data_manager._RemoteDataManager__handle_remote_visitor_data_response

    @property
    def version(self):
        """The SDK's version."""
        return self.sdk.version

    def load(self, definitions):
        """Installs `definitions` (a configuration document) as a fetch would; raises when the SDK refuses it."""
        self.client._data_manager.data_file = self.sdk.DataFile.from_json(None, None, copy.deepcopy(definitions))

    def _data(self, item):
        d = self.sdk.data
        t = item["type"]
        if t == "customData":
            return d.CustomData(item["index"] if "index" in item else item["name"], *item["values"])
        if t == "device":
            return d.Device(d.DeviceType[item["device"]])
        if t == "browser":
            return d.Browser(d.BrowserType[item["browser"]], item.get("version"))
        if t == "operatingSystem":
            return d.OperatingSystem(d.OperatingSystemType[item["os"]])
        if t == "geolocation":
            return d.Geolocation(item["country"], item.get("region"), item.get("city"), item.get("postalCode"),
                                 item.get("latitude"), item.get("longitude"))
        if t == "pageView":
            return d.PageView(item["url"], item.get("title"))
        if t == "cookie":
            return d.Cookie(dict(item["cookies"]))
        if t == "conversion":
            return d.Conversion(item["goalId"], item.get("revenue", 0.0), item.get("negative", False))
        if t == "applicationVersion":
            return d.ApplicationVersion(item["version"])
        if t == "userAgent":
            return d.UserAgent(item["value"])
        raise ValueError("unknown data item type %r" % t)

    def _replay(self, context, now_ms):
        """A fresh visitor: consent, the Data API answer, the data items, the prior flags."""
        client = self.client
        clock = self.sdk.clock
        client._visitor_manager._slots.clear()
        clock[0] = now_ms
        code = context["visitorCode"]
        if not code or len(code) > 255:
            return
        if "consent" in context:
            client.set_legal_consent(code, context["consent"])
        if "remote" in context:
            remote = context["remote"]
            data_filter = self.sdk.RemoteVisitorDataFilter(
                **{FILTER_NAMES[k]: v for k, v in remote.get("filter", {}).items()})
            self._handle_remote(_Response(remote["body"]), code, True, data_filter)
        for item in context.get("data", []):
            client.add_data(code, self._data(item), track=False)
            if item["type"] in ("pageView", "conversion"):
                clock[0] += 1
        for key in context.get("prior", []):
            try:
                client.get_variation(code, key, track=False)
            except Exception:  # pylint: disable=broad-except
                pass
            clock[0] += 1

    def evaluate(self, flag, context, now_ms, note=None):
        """The result line (without `flag`) of the request `{"flag": flag, "context": context}` at `now_ms`.

        `note(text)`, when given, hears of an `is_feature_active` that differs between the replay that
        `get_variation` ran on and a fresh one (the result keeps the fresh one's, as the contract says).
        An exception the SDK raises beyond its three documented ones escapes.
        """
        client = self.client
        exceptions = self.sdk.exceptions
        code = context["visitorCode"]
        self._replay(context, now_ms)
        self.sdk.captured.clear()
        try:
            v = client.get_variation(code, flag, track=False)
        except exceptions.VisitorCodeInvalid:
            return failure("ERROR", "INVALID_CONTEXT", "VisitorCodeInvalid", None)
        except exceptions.FeatureNotFound:
            return failure("ERROR", "FLAG_NOT_FOUND", "FeatureNotFound", None)
        except exceptions.FeatureEnvironmentDisabled as error:
            blocked = "consent" in str(error)
            same_replay_active = client.is_feature_active(code, flag, track=False)
            self._replay(context, now_ms)
            active = client.is_feature_active(code, flag, track=False)
            if active is not False or same_replay_active is not False:
                raise AssertionError("a disabled flag is active") from error
            return failure("OFF", None, "FeatureEnvironmentDisabled", active, "consent" if blocked else None)
        eval_exp = self.sdk.captured.get("eval")
        rule = None
        if eval_exp is not None:
            rule = next(r for r in client._data_manager.data_file.feature_flags[flag].rules
                        if r.experiment is eval_exp.experiment)
        same_replay_active = client.is_feature_active(code, flag, track=False)
        self._replay(context, now_ms)
        active = client.is_feature_active(code, flag, track=False)
        if active != same_replay_active and note is not None:
            note("%s: active %s on a fresh replay, %s after getVariation" % (flag, active, same_replay_active))
        kameleoon = {"variationKey": v.key, "variationName": v.name, "variationId": v.id_,
                     "experimentId": v.experiment_id, "ruleId": rule.id_ if rule else None,
                     "ruleType": rule.type.value if rule else None,
                     "variables": {k: {"type": x.type, "value": x.value} for k, x in v.variables.items()},
                     "active": active, "error": None, "blockedBy": None}
        return {"value": v.key, "variation": v.key,
                "reason": {"kind": "RULE_MATCH" if eval_exp is not None else "FALLTHROUGH"}, "kameleoon": kameleoon}
