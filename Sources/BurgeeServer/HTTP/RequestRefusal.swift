import Hummingbird

/// A request refused before its endpoint's work, with the answer it gets: what reading a
/// client-side SDK's context throws, so that the endpoint returns the answer as it is.
struct RequestRefusal: Error {
    let response: Response

    init(_ response: Response) { self.response = response }
}
