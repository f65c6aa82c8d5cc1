/// The `configuration` member of a Kameleoon document: the settings evaluation and sync read.
package struct KameleoonSettings: Sendable, Equatable {
    /// `consentType == "REQUIRED"`: without consent, experiments are blocked.
    package var consentRequired: Bool
    /// `consentOptOutBehavior == "FULLY_BLOCK"`: a blocked experiment fails the whole evaluation
    /// (`FeatureEnvironmentDisabled`); any other value stops at the default variation.
    package var fullyBlocks: Bool
    /// `realTimeUpdate`: the SDK listens to Kameleoon's event stream for new configurations.
    package var realTimeUpdate: Bool
    /// `dataApiDomain`: the Data API's domain when it is not Kameleoon's default.
    package var dataApiDomain: String?

    package init(consentRequired: Bool = false, fullyBlocks: Bool = false, realTimeUpdate: Bool = false, dataApiDomain: String? = nil) {
        self.consentRequired = consentRequired
        self.fullyBlocks = fullyBlocks
        self.realTimeUpdate = realTimeUpdate
        self.dataApiDomain = dataApiDomain
    }

    init(json: JSONValue?) {
        guard case .object(let o)? = json else {
            self.init()
            return
        }
        self.init(consentRequired: o["consentType"]?.stringValue == "REQUIRED",
                  fullyBlocks: o["consentOptOutBehavior"]?.stringValue == "FULLY_BLOCK",
                  realTimeUpdate: RefusingReader.truth(o["realTimeUpdate"]),
                  dataApiDomain: o["dataApiDomain"]?.stringValue)
    }
}
