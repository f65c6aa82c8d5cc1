/// The errors of Kameleoon's calls, as Kameleoon's server SDKs raise them.
public enum KameleoonError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No flag with this key in the current configuration (Kameleoon's `FeatureNotFound`),
    /// or no configuration yet.
    case featureNotFound(String)
    /// The flag is off in the configuration's environment, or consent blocking turned it off
    /// for this visitor (`FeatureEnvironmentDisabled`).
    case featureEnvironmentDisabled(String)
    /// The served variation has no variable of this name (`FeatureVariableNotFound`).
    case featureVariableNotFound(String)
    /// The visitor code is empty or longer than 255 characters (`VisitorCodeInvalid`).
    case visitorCodeInvalid(String)
    /// The Data API could not be reached or answered with an error.
    case remoteData(String)

    /// Kameleoon's name of the error and what it is about.
    public var description: String {
        switch self {
        case .featureNotFound(let key): "FeatureNotFound: \(key)"
        case .featureEnvironmentDisabled(let key): "FeatureEnvironmentDisabled: \(key)"
        case .featureVariableNotFound(let name): "FeatureVariableNotFound: \(name)"
        case .visitorCodeInvalid(let why): "VisitorCodeInvalid: \(why)"
        case .remoteData(let why): "remote visitor data: \(why)"
        }
    }
}
