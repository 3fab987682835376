/// What kind of change a notification describes, as Foundation's `NSKeyValueChange`.
public enum KeyValueChangeKind: Int, Hashable, Sendable {
    /// The whole value was set, as `NSKeyValueChange.setting`.
    case setting = 1
    /// Elements were inserted into a to-many property at `indexes`, as
    /// `NSKeyValueChange.insertion`.
    case insertion = 2
    /// Elements were removed from a to-many property at `indexes` (positions before the
    /// removal), as `NSKeyValueChange.removal`.
    case removal = 3
    /// Elements of a to-many property were replaced at `indexes`, as
    /// `NSKeyValueChange.replacement`.
    case replacement = 4
}
