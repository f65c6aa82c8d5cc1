/// The visitor family of operators: one targeting condition on a visitor record, the `visitor`
/// attribute of a context (one object holding everything known of the visitor: its code, the
/// clock, custom data, device, pages, visits, assignments, …), as Kameleoon's conditions read
/// one; operands parsed,
/// regular expressions compiled and ids resolved when definitions compile, so that matching only
/// reads the visitor object in place.
///
/// Each case answers as Kameleoon's Python SDK (3.22.2) does, including when there is no visitor
/// at all (`exists` false): most conditions are then false, some read empty data.
package struct VisitorCondition: Sendable {
    enum Kind: Sendable {
        /// `CUSTOM_DATUM`: the custom data at an index (its key in `customData`).
        case customData(index: String, VisitorCustomDataTest)
        case visitorCode(VisitorTextMatch)
        case device(String)
        /// `BROWSER`: the browser's name and, if the condition gives a version, its test against
        /// the visitor's version (absent or 0 read as −1).
        case browser(String, version: VisitorNumberMatch?)
        case operatingSystem(String)
        /// `GEOLOCATION`: the condition's fields, lowercased as Python lowercases them.
        case geolocation(country: String, region: String?, city: String?)
        case pageURL(VisitorTextMatch)
        case pageTitle(VisitorTextMatch)
        case previousPage(VisitorTextMatch)
        case pageViews(VisitorNumberMatch)
        case cookie(name: VisitorTextMatch, value: VisitorTextMatch)
        case conversions(goal: VisitorIDMatch, VisitScope)
        case applicationVersion(VisitorVersionMatch)
        /// `TARGET_FEATURE_FLAG`: the experiments of the flag's rules (only the rule named, if one
        /// is), and the variation ids whose key is the one named (`nil`: any variation).
        case targetFeatureFlag(experiments: [Double], variations: [Double]?, VisitScope)
        case targetExperiment(experiment: VisitorIDMatch, variation: VisitorIDMatch?, VisitScope)
        /// `EXCLUSIVE_EXPERIMENT`: no assignment to another experiment, no personalization, or both,
        /// at or after the scope's threshold.
        case exclusiveExperiment(experiment: Double, experiments: Bool, personalizations: Bool, VisitScope)
        case targetPersonalization(VisitorIDMatch, VisitScope)
        case visits(VisitorNumberMatch)
        case sameDayVisits(VisitorNumberMatch)
        case newVisitors(new: Bool)
        /// `FIRST_VISIT` (`first`) and `LAST_VISIT`: the time since the oldest or newest previous visit.
        case timeSinceVisit(first: Bool, VisitorNumberMatch)
        /// `HEAT_SLICE`: the score at `kcs[keyMoment][goal]` within `[lower, upper]`.
        case heatSlice(keyMoment: String, goal: String, lower: Double, upper: Double)
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// Whether the visitor object (the `visitor` attribute) satisfies the condition, before the
    /// condition's `isInclude` applies. Reads the object in place and allocates nothing.
    package func matches(_ visitor: JSONValue) -> Bool {
        guard case .object(let v) = visitor else { return false }
        let exists = v["exists"]?.boolValue ?? false
        switch kind {
        case .customData(let index, let test):
            guard exists else { return false }
            guard case .array(let values)? = v["customData"]?.objectValue?[index] else {
                if case .undefined = test { return true }
                return false
            }
            return test.matches(values)
        case .visitorCode(let match):
            guard case .string(let code)? = v["code"] else { return false }
            return match.matches(code)
        case .device(let name):
            return Self.text(v["device"], equals: name)
        case .browser(let name, let version):
            guard Self.text(v["browser"], equals: name) else { return false }
            guard let version else { return true }
            var data = v["browserVersion"]?.numberValue ?? 0
            if data == 0 { data = -1 }
            return version.matches(data)
        case .operatingSystem(let name):
            return Self.text(v["os"], equals: name)
        case .geolocation(let country, let region, let city):
            guard case .object(let geo)? = v["geolocation"] else { return false }
            return Self.caseless(geo["country"], country) && (region.map { Self.caseless(geo["region"], $0) } ?? true)
                && (city.map { Self.caseless(geo["city"], $0) } ?? true)
        case .pageURL(let match):
            guard case .array(let pages)? = v["pages"], let latest = pages.first,
                  case .string(let url)? = latest.objectValue?["url"] else { return false }
            return match.matches(url)
        case .pageTitle(let match):
            guard case .array(let pages)? = v["pages"], let latest = pages.first,
                  case .string(let title)? = latest.objectValue?["title"] else { return false }
            return match.matches(title)
        case .previousPage(let match):
            guard case .array(let pages)? = v["pages"], pages.count >= 2,
                  case .string(let url)? = pages[1].objectValue?["url"] else { return false }
            return match.matches(url)
        case .pageViews(let match):
            guard exists else { return false }
            var total: Double = 0
            if case .array(let pages)? = v["pages"] {
                for page in pages { total += page.objectValue?["count"]?.numberValue ?? 0 }
            }
            return match.matches(total)
        case .cookie(let name, let value):
            guard case .array(let cookies)? = v["cookies"] else { return false }
            return Self.cookies(cookies, name, value)
        case .conversions(let goal, let scope):
            guard case .array(let conversions)? = v["conversions"] else { return false }
            let threshold = scope.threshold(v)
            for conversion in conversions {
                guard case .object(let c) = conversion else { continue }
                if goal.matches(c["goalId"]), Self.time(c) >= threshold { return true }
            }
            return false
        case .applicationVersion(let match):
            guard case .string(let version)? = v["appVersion"] else { return false }
            return match.matches(version)
        case .targetFeatureFlag(let experiments, let variations, let scope):
            guard case .array(let assignments)? = v["assignments"], !assignments.isEmpty else { return false }
            let threshold = scope.threshold(v)
            for experiment in experiments {
                guard let assignment = Self.last(assignments, "experimentId", experiment), Self.time(assignment) >= threshold else {
                    continue
                }
                guard let variations else { return true }
                if let id = assignment["variationId"]?.numberValue, variations.contains(id) { return true }
            }
            return false
        case .targetExperiment(let experiment, let variation, let scope):
            guard case .id(let id) = experiment, case .array(let assignments)? = v["assignments"],
                  let assignment = Self.last(assignments, "experimentId", id),
                  Self.time(assignment) >= scope.threshold(v) else { return false }
            return variation?.matches(assignment["variationId"]) ?? true
        case .exclusiveExperiment(let current, let experiments, let personalizations, let scope):
            guard exists else { return true }
            let threshold = scope.threshold(v)
            if experiments, case .array(let assignments)? = v["assignments"] {
                for case .object(let a) in assignments
                where a["experimentId"]?.numberValue != current && Self.time(a) >= threshold {
                    return false
                }
            }
            if personalizations, case .array(let all)? = v["personalizations"] {
                for case .object(let p) in all where Self.time(p) >= threshold { return false }
            }
            return true
        case .targetPersonalization(let personalization, let scope):
            guard case .id(let id) = personalization, case .array(let all)? = v["personalizations"],
                  let found = Self.last(all, "id", id) else { return false }
            return Self.time(found) >= scope.threshold(v)
        case .visits(let match):
            return match.matches(Double(Self.previousVisits(v)?.count ?? 0) + 1)
        case .sameDayVisits(let match):
            let now = v["now"]?.numberValue ?? 0
            let startOfDay = (now / 86_400_000).rounded(.down) * 86_400_000
            var count: Double = 0
            if exists, let previous = Self.previousVisits(v) {
                for visit in previous {
                    guard (visit.numberValue ?? 0) >= startOfDay else { break }
                    count += 1
                }
            }
            var start = exists ? v["visitStart"]?.numberValue ?? 0 : 0
            if start == 0 { start = now }
            if start >= startOfDay { count += 1 }
            return match.matches(count)
        case .newVisitors(let new):
            let previous = Self.previousVisits(v)?.count ?? 0
            return new ? previous == 0 : previous > 0
        case .timeSinceVisit(let first, let match):
            guard let previous = Self.previousVisits(v), let visit = first ? previous.last : previous.first,
                  let started = visit.numberValue, let now = v["now"]?.numberValue else { return false }
            return match.matches(now - started)
        case .heatSlice(let keyMoment, let goal, let lower, let upper):
            guard case .number(let score)? = v["kcs"]?.objectValue?[keyMoment]?.objectValue?[goal] else { return false }
            return lower <= score.doubleValue && score.doubleValue <= upper
        }
    }

    @inline(__always)
    private static func text(_ value: JSONValue?, equals name: String) -> Bool {
        guard case .string(let s)? = value else { return false }
        return ExactString.bytesEqual(s, name)
    }

    @inline(__always)
    private static func caseless(_ value: JSONValue?, _ lowered: String) -> Bool {
        guard case .string(let s)? = value else { return false }
        return PythonLowercase.equals(s, lowered: lowered)
    }

    @inline(__always)
    private static func time(_ item: [String: JSONValue]) -> Double {
        item["time"]?.numberValue ?? 0
    }

    @inline(__always)
    private static func previousVisits(_ v: [String: JSONValue]) -> [JSONValue]? {
        if case .array(let previous)? = v["previousVisits"] { return previous }
        return nil
    }

    /// The last object whose `member` is `id` (the SDK keeps one per id, the latest).
    private static func last(_ items: [JSONValue], _ member: String, _ id: Double) -> [String: JSONValue]? {
        var i = items.count
        while i > 0 {
            i -= 1
            if case .object(let item) = items[i], item[member]?.numberValue == id { return item }
        }
        return nil
    }

    /// Some cookie whose name matches has a value that matches. A name given twice keeps its last
    /// value, as the SDK's cookie dictionary does.
    private static func cookies(_ cookies: [JSONValue], _ name: VisitorTextMatch, _ value: VisitorTextMatch) -> Bool {
        for i in cookies.indices {
            guard case .array(let pair) = cookies[i], pair.count == 2, case .string(let n) = pair[0],
                  case .string(let text) = pair[1] else { continue }
            var repeated = false
            for j in (i + 1)..<cookies.count {
                if case .array(let later) = cookies[j], later.count == 2, case .string(let m) = later[0],
                   ExactString.bytesEqual(n, m) {
                    repeated = true
                    break
                }
            }
            if !repeated, name.matches(n), value.matches(text) { return true }
        }
        return false
    }
}
