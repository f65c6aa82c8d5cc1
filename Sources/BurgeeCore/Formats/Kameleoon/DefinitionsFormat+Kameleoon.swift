extension DefinitionsFormat {
    /// Kameleoon's definitions: the body of its SDK configuration endpoint
    /// (`GET https://sdk-config.kameleoon.eu/v3/<siteCode>`) for one environment.
    public static let kameleoon = DefinitionsFormat(
        name: "kameleoon", displayName: "Kameleoon",
        expectedShape: #"an object with "featureFlags":[…] and optional "segments", "customData", "holdout" and "configuration" (the body of Kameleoon's SDK configuration endpoint)"#)
}
