/// The scalar sets that `\p{…}` names in the Rust and RE2 dialects, and the Unicode-aware `\d`,
/// `\s` and `\w` of the Rust and Python dialects.
///
/// General categories and binary properties come from the standard library's
/// `Unicode.Scalar.Properties`, scripts from the tables generated from the Unicode Character
/// Database (``UnicodeScriptData``). Each set is built once, when a pattern first names it.
enum UnicodePropertySets {
    /// The set `\p{name}` names in `syntax`, or `nil` when that engine knows no such property.
    ///
    /// Rust reads `name` loosely (case, spaces, `_` and `-` ignored, as UAX #44 says): a general
    /// category (`L`, `Letter`, `Lu`, `gc=Lu`), a script (`Greek`, `sc=Grek`), script extensions
    /// (`scx=Grek`), a binary property (`Alphabetic`, `White_Space`, `Emoji`), `Any`, `ASCII` or
    /// `Assigned`. RE2 reads exact names: a general category (`L`, `Lu`; its `C` leaves out the
    /// unassigned scalars), a script's long name (`Greek`) or `Any`.
    static func set(named name: String, in syntax: RegexSyntax) -> RegexScalarSet? {
        switch syntax {
        case .re2: return re2Set(named: name)
        case .rust: return rustSet(named: name)
        case .python: return nil
        }
    }

    // MARK: RE2

    private static func re2Set(named name: String) -> RegexScalarSet? {
        if name == "Any" { return RegexScalarSet([0...RegexScalarSet.maxScalar]) }
        if let categories = re2Categories[name] { return categories.reduce(into: RegexScalarSet()) { $0.formUnion(category($1)) } }
        // Go's script names are the long names, with underscores, as the UCD writes them.
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first),
              name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic && $0.isASCII || $0 == "_" }),
              let ranges = UnicodeScriptData.script(name), UnicodeScriptData.isLongName(name) else { return nil }
        return RegexScalarSet(sortedDisjoint: ranges)
    }

    /// Go's `unicode.Categories`: the two-letter categories and the one-letter groups, whose `C`
    /// holds no unassigned scalar.
    private static let re2Categories: [String: [Unicode.GeneralCategory]] = {
        var table: [String: [Unicode.GeneralCategory]] = [:]
        for (short, _, members) in generalCategoryNames {
            table[short] = short == "C" ? members.filter { $0 != .unassigned } : members
        }
        table["LC"] = nil
        table["Cn"] = nil
        return table
    }()

    // MARK: Rust

    private static func rustSet(named given: String) -> RegexScalarSet? {
        var name = given
        var property: String? = nil
        if let separator = name.unicodeScalars.firstIndex(where: { $0 == "=" || $0 == ":" }) {
            property = loose(String(name.unicodeScalars[..<separator]))
            name = String(name.unicodeScalars[name.unicodeScalars.index(after: separator)...])
        }
        let key = loose(name)
        switch property {
        case nil:
            switch key {
            case "any": return RegexScalarSet([0...RegexScalarSet.maxScalar])
            case "ascii": return RegexScalarSet([0...0x7F])
            case "assigned": return category(.unassigned).inverted()
            default: break
            }
            if let set = generalCategorySet(loose: key) { return set }
            if let ranges = UnicodeScriptData.script(name) { return RegexScalarSet(sortedDisjoint: ranges) }
            return binaryProperty(loose: key)
        case "gc"?, "generalcategory"?:
            return generalCategorySet(loose: key)
        case "sc"?, "script"?:
            return UnicodeScriptData.script(name).map(RegexScalarSet.init(sortedDisjoint:))
        case "scx"?, "scriptextensions"?:
            return UnicodeScriptData.scriptExtensions(name).map(RegexScalarSet.init(sortedDisjoint:))
        default:
            return nil
        }
    }

    /// `name` as UAX #44's loose matching compares it: lowercase, without spaces, `_` and `-`,
    /// and without a leading `is`.
    static func loose(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in name.unicodeScalars where scalar != " " && scalar != "_" && scalar != "-" {
            out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        var text = String(out)
        if text.hasPrefix("is") { text.removeFirst(2) }
        return text
    }

    private static func generalCategorySet(loose key: String) -> RegexScalarSet? {
        if key == "lc" || key == "casedletter" { return union(of: [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]) }
        if key == "combiningmark" { return union(of: [.nonspacingMark, .spacingMark, .enclosingMark]) }
        if key == "digit" { return category(.decimalNumber) }
        if key == "punct" { return union(of: generalCategoryNames.first { $0.short == "P" }!.members) }
        if key == "cntrl" { return category(.control) }
        for (short, long, members) in generalCategoryNames where loose(short) == key || loose(long) == key {
            return union(of: members)
        }
        return nil
    }

    /// Each general category and group: its short name, long name and members.
    private static let generalCategoryNames: [(short: String, long: String, members: [Unicode.GeneralCategory])] = [
        ("L", "Letter", [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]),
        ("Lu", "Uppercase_Letter", [.uppercaseLetter]), ("Ll", "Lowercase_Letter", [.lowercaseLetter]),
        ("Lt", "Titlecase_Letter", [.titlecaseLetter]), ("Lm", "Modifier_Letter", [.modifierLetter]),
        ("Lo", "Other_Letter", [.otherLetter]),
        ("M", "Mark", [.nonspacingMark, .spacingMark, .enclosingMark]),
        ("Mn", "Nonspacing_Mark", [.nonspacingMark]), ("Mc", "Spacing_Mark", [.spacingMark]),
        ("Me", "Enclosing_Mark", [.enclosingMark]),
        ("N", "Number", [.decimalNumber, .letterNumber, .otherNumber]),
        ("Nd", "Decimal_Number", [.decimalNumber]), ("Nl", "Letter_Number", [.letterNumber]), ("No", "Other_Number", [.otherNumber]),
        ("P", "Punctuation", [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                              .initialPunctuation, .finalPunctuation, .otherPunctuation]),
        ("Pc", "Connector_Punctuation", [.connectorPunctuation]), ("Pd", "Dash_Punctuation", [.dashPunctuation]),
        ("Ps", "Open_Punctuation", [.openPunctuation]), ("Pe", "Close_Punctuation", [.closePunctuation]),
        ("Pi", "Initial_Punctuation", [.initialPunctuation]), ("Pf", "Final_Punctuation", [.finalPunctuation]),
        ("Po", "Other_Punctuation", [.otherPunctuation]),
        ("S", "Symbol", [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]),
        ("Sm", "Math_Symbol", [.mathSymbol]), ("Sc", "Currency_Symbol", [.currencySymbol]),
        ("Sk", "Modifier_Symbol", [.modifierSymbol]), ("So", "Other_Symbol", [.otherSymbol]),
        ("Z", "Separator", [.spaceSeparator, .lineSeparator, .paragraphSeparator]),
        ("Zs", "Space_Separator", [.spaceSeparator]), ("Zl", "Line_Separator", [.lineSeparator]),
        ("Zp", "Paragraph_Separator", [.paragraphSeparator]),
        ("C", "Other", [.control, .format, .surrogate, .privateUse, .unassigned]),
        ("Cc", "Control", [.control]), ("Cf", "Format", [.format]), ("Cs", "Surrogate", [.surrogate]),
        ("Co", "Private_Use", [.privateUse]), ("Cn", "Unassigned", [.unassigned]),
    ]

    private static func union(of categories: [Unicode.GeneralCategory]) -> RegexScalarSet {
        categories.reduce(into: RegexScalarSet()) { $0.formUnion(category($1)) }
    }

    /// Every scalar of one general category (surrogates, which are no scalars, as their range).
    static func category(_ category: Unicode.GeneralCategory) -> RegexScalarSet {
        if category == .surrogate { return RegexScalarSet([0xD800...0xDFFF]) }
        return byCategory[category] ?? RegexScalarSet()
    }

    /// The scalars of each general category, in one pass over every scalar.
    private static let byCategory: [Unicode.GeneralCategory: RegexScalarSet] = {
        var ranges: [Unicode.GeneralCategory: [ClosedRange<UInt32>]] = [:]
        var v: UInt32 = 0
        while v <= RegexScalarSet.maxScalar {
            guard let scalar = Unicode.Scalar(v) else { v = 0xE000; continue }
            let category = scalar.properties.generalCategory
            let low = v
            while v < RegexScalarSet.maxScalar, let next = Unicode.Scalar(v + 1), next.properties.generalCategory == category { v += 1 }
            ranges[category, default: []].append(low...v)
            v += 1
        }
        return ranges.mapValues(RegexScalarSet.init(sortedDisjoint:))
    }()

    private static func binaryProperty(loose key: String) -> RegexScalarSet? {
        guard let test = binaryProperties[key] else { return nil }
        return scalars(where: test)
    }

    /// The binary properties of the standard library, by loose name and short alias.
    private static let binaryProperties: [String: @Sendable (Unicode.Scalar.Properties) -> Bool] = {
        let named: [(String, String, @Sendable (Unicode.Scalar.Properties) -> Bool)] = [
            ("alphabetic", "alpha", { $0.isAlphabetic }), ("asciihexdigit", "ahex", { $0.isASCIIHexDigit }),
            ("bidicontrol", "bidic", { $0.isBidiControl }), ("bidimirrored", "bidim", { $0.isBidiMirrored }),
            ("cased", "cased", { $0.isCased }), ("caseignorable", "ci", { $0.isCaseIgnorable }),
            ("changeswhencasefolded", "cwcf", { $0.changesWhenCaseFolded }),
            ("changeswhencasemapped", "cwcm", { $0.changesWhenCaseMapped }),
            ("changeswhenlowercased", "cwl", { $0.changesWhenLowercased }),
            ("changeswhennfkccasefolded", "cwkcf", { $0.changesWhenNFKCCaseFolded }),
            ("changeswhentitlecased", "cwt", { $0.changesWhenTitlecased }),
            ("changeswhenuppercased", "cwu", { $0.changesWhenUppercased }),
            ("dash", "dash", { $0.isDash }), ("defaultignorablecodepoint", "di", { $0.isDefaultIgnorableCodePoint }),
            ("deprecated", "dep", { $0.isDeprecated }), ("diacritic", "dia", { $0.isDiacritic }),
            ("emoji", "emoji", { $0.isEmoji }), ("emojimodifier", "emod", { $0.isEmojiModifier }),
            ("emojimodifierbase", "ebase", { $0.isEmojiModifierBase }), ("emojipresentation", "epres", { $0.isEmojiPresentation }),
            ("extender", "ext", { $0.isExtender }), ("fullcompositionexclusion", "compex", { $0.isFullCompositionExclusion }),
            ("graphemebase", "grbase", { $0.isGraphemeBase }), ("graphemeextend", "grext", { $0.isGraphemeExtend }),
            ("hexdigit", "hex", { $0.isHexDigit }), ("idcontinue", "idc", { $0.isIDContinue }),
            ("idstart", "ids", { $0.isIDStart }), ("ideographic", "ideo", { $0.isIdeographic }),
            ("idsbinaryoperator", "idsb", { $0.isIDSBinaryOperator }), ("idstrinaryoperator", "idst", { $0.isIDSTrinaryOperator }),
            ("joincontrol", "joinc", { $0.isJoinControl }), ("logicalorderexception", "loe", { $0.isLogicalOrderException }),
            ("lowercase", "lower", { $0.isLowercase }), ("math", "math", { $0.isMath }),
            ("noncharactercodepoint", "nchar", { $0.isNoncharacterCodePoint }),
            ("patternsyntax", "patsyn", { $0.isPatternSyntax }), ("patternwhitespace", "patws", { $0.isPatternWhitespace }),
            ("quotationmark", "qmark", { $0.isQuotationMark }), ("radical", "radical", { $0.isRadical }),
            ("sentenceterminal", "sterm", { $0.isSentenceTerminal }), ("softdotted", "sd", { $0.isSoftDotted }),
            ("terminalpunctuation", "term", { $0.isTerminalPunctuation }), ("unifiedideograph", "uideo", { $0.isUnifiedIdeograph }),
            ("uppercase", "upper", { $0.isUppercase }), ("variationselector", "vs", { $0.isVariationSelector }),
            ("whitespace", "wspace", { $0.isWhitespace }), ("space", "space", { $0.isWhitespace }),
            ("xidcontinue", "xidc", { $0.isXIDContinue }), ("xidstart", "xids", { $0.isXIDStart }),
        ]
        var table: [String: @Sendable (Unicode.Scalar.Properties) -> Bool] = [:]
        for (long, short, test) in named {
            table[long] = test
            table[short] = table[short] ?? test
        }
        return table
    }()

    /// Every scalar with `test`, as ranges.
    static func scalars(where test: (Unicode.Scalar.Properties) -> Bool) -> RegexScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        var v: UInt32 = 0
        while v <= RegexScalarSet.maxScalar {
            guard let scalar = Unicode.Scalar(v), test(scalar.properties) else { v += 1; continue }
            let low = v
            while v < RegexScalarSet.maxScalar, let next = Unicode.Scalar(v + 1), test(next.properties) { v += 1 }
            ranges.append(low...v)
            v += 1
        }
        return RegexScalarSet(sortedDisjoint: ranges)
    }

    /// The scalar whose name (or name alias) is `name`, ignoring case, as Python's `\N{…}` and
    /// `unicodedata.lookup` find it; found by a pass over every scalar, as such escapes are rare.
    static func scalar(named name: String) -> UInt32? {
        let wanted = name.uppercased()
        guard !wanted.isEmpty else { return nil }
        var v: UInt32 = 0
        while v <= RegexScalarSet.maxScalar {
            if let scalar = Unicode.Scalar(v) {
                let p = scalar.properties
                if p.name == wanted || p.nameAlias == wanted { return v }
            }
            v += 1
        }
        return nil
    }

    // MARK: Unicode-aware class escapes

    /// Rust's `\d`: decimal numbers (`Nd`); Python's too.
    static let decimalDigits = category(.decimalNumber)

    /// Rust's `\s`: `White_Space`.
    static let rustWhitespace = scalars { $0.isWhitespace }

    /// Python's `\s` (`str.isspace`): `White_Space` and the information separators
    /// U+001C–U+001F.
    static let pythonWhitespace: RegexScalarSet = {
        var set = rustWhitespace
        set.insert(0x1C...0x1F)
        return set
    }()

    /// Python's `\w` (`str.isalnum()` or `_`): letters, numbers and `_`.
    static let pythonWord: RegexScalarSet = {
        var set = union(of: [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                             .decimalNumber, .letterNumber, .otherNumber])
        set.insert(0x5F)
        return set
    }()
}
