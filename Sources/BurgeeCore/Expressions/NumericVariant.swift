/// A variant whose name is a number as JSON writes it (`"1"`, `"2.5"`), and its flag-local index:
/// flagd names the variant of a number that targeting yields by that text
/// (``JsonLogicTree/numericVariants``).
struct NumericVariant: Sendable {
    let value: Double
    let index: Int32
}
