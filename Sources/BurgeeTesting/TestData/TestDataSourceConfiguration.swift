import Burgee

extension DataSourceConfiguration {
    /// Definitions built in code: the client serves what `data` holds and every later update.
    ///
    /// ```swift
    /// let testData = TestData()
    /// let client = try BurgeeClient(configuration: .init(source: .testData(testData)))
    /// ```
    public static func testData(_ data: TestData) -> DataSourceConfiguration {
        .custom(data)
    }
}
