import Testing
@testable import Burgee
import BurgeeCore

@Suite struct BackoffTests {
    @Test func ceilingsDoubleUpToTheMaximum() {
        let backoff = HTTPOptions.Backoff(initial: .milliseconds(100), maximum: .seconds(1), jitter: 0.5)
        #expect((1...6).map { backoff.ceiling(afterFailures: $0) }
            == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
        #expect(backoff.ceiling(afterFailures: 10_000) == .seconds(1))
        #expect(backoff.ceiling(afterFailures: 0) == .milliseconds(100))
    }

    @Test func jitterStaysWithinItsShare() {
        let backoff = HTTPOptions.Backoff(initial: .milliseconds(100), maximum: .seconds(1), jitter: 0.5)
        for failures in 1...8 {
            let ceiling = backoff.ceiling(afterFailures: failures)
            let delays = (0..<200).map { _ in backoff.delay(afterFailures: failures) }
            #expect(delays.allSatisfy { $0 <= ceiling && $0 >= ceiling * 0.5 })
            #expect(Set(delays).count > 1, "jitter varies the delays")
        }
    }

    @Test func noJitterGivesTheCeiling() {
        let backoff = HTTPOptions.Backoff(initial: .seconds(2), maximum: .seconds(5), jitter: 0)
        #expect(backoff.delay(afterFailures: 2) == .seconds(4))
    }

    @Test(arguments: [
        HTTPOptions.Backoff(initial: .zero), HTTPOptions.Backoff(initial: .seconds(5), maximum: .seconds(1)),
        HTTPOptions.Backoff(jitter: -0.1), HTTPOptions.Backoff(jitter: 1.5),
    ])
    func invalidValuesAreRefused(_ backoff: HTTPOptions.Backoff) {
        #expect(!backoff.isValid)
    }
}

@Suite struct RetryAfterTests {
    @Test func deltaSeconds() {
        #expect(RetryAfter.delay("120", nowUnixSeconds: 0) == .seconds(120))
        #expect(RetryAfter.delay(" 3 ", nowUnixSeconds: 0) == .seconds(3))
        #expect(RetryAfter.delay("0", nowUnixSeconds: 0) == .zero)
    }

    @Test func httpDate() {
        // 1994-11-06T08:49:37Z is 784111777.
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", nowUnixSeconds: 784_111_777 - 30) == .seconds(30))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:49:37 GMT", nowUnixSeconds: 784_111_777 + 30) == .zero)
    }

    @Test(arguments: [nil, "", "soon", "-5", "1.5", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
                      "Sun, 31 Feb 1994 08:49:37 GMT", "99999999999999999999999"])
    func unreadableValuesAreIgnored(_ value: String?) {
        #expect(RetryAfter.delay(value, nowUnixSeconds: 0) == nil)
    }
}
