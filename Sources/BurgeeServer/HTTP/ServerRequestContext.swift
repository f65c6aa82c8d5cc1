import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the connection, which faults close.
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
