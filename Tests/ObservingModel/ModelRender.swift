import Observing

/// How values and delivered calls are written down, the same way for the reference model and
/// for the library, so that histories compare as strings and print readably.
enum ModelRender {
    static func text(_ value: String) -> String {
        "\"\(value)\""
    }

    static func list(_ value: [String]) -> String {
        "[" + value.joined(separator: ",") + "]"
    }

    /// A set in sorted order, so that equal sets render alike.
    static func set(_ value: Set<String>) -> String {
        "{" + value.sorted().joined(separator: ",") + "}"
    }

    static func optional(_ value: String?) -> String {
        value.map(text) ?? "nil"
    }

    /// One delivered call: kind, indexes, the values the registration's options fill in, whether
    /// it came before the store, and (for synchronous handlers) what the key path read during it.
    static func call(
        kind: KeyValueChangeKind, indexes: Set<Int>?, old: String?, new: String?, isPrior: Bool,
        reads: String?, prefix: String = ""
    ) -> String {
        var line = prefix + (isPrior ? "prior " : "") + kindName(kind)
        if let indexes { line += " \(indexes.sorted())" }
        if let old { line += " old=\(old)" }
        if let new { line += " new=\(new)" }
        if let reads { line += " reads=\(reads)" }
        return line
    }

    static func kindName(_ kind: KeyValueChangeKind) -> String {
        switch kind {
        case .setting: "setting"
        case .insertion: "insertion"
        case .removal: "removal"
        case .replacement: "replacement"
        }
    }

    /// The prefix of an observer's call: which of its registrations it is for.
    static func observerPrefix(keyPath: SubjectKeyPath, subject: Int, context: Int?) -> String {
        "s\(subject).\(keyPath.name) ctx=\(ModelAction.describe(context)): "
    }
}
