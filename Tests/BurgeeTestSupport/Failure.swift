/// A test failure with a message.
package struct Failure: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
