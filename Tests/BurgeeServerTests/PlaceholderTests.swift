import Testing
@testable import BurgeeServer
