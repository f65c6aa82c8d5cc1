import Hummingbird

/// A request to the frontend API refused before evaluating, with its answer.
struct UnleashFrontendRefusal: Error {
    let response: Response

    init(_ response: Response) { self.response = response }
}
