/// Numbers the changes of one model, so that a change under way can tell whether a nested change
/// (made by an observer or a delegate call during one of its writes) has begun since it did.
///
/// The models' rule for nested changes: the nested change settles everything itself, and the
/// change under way stops at its next `isCurrent(_:)` check, since what it would still write is
/// stale.
struct ChangeCounter {
    private var latest = 0

    /// Starts a change; the number it returns names it.
    mutating func begin() -> Int {
        latest &+= 1
        return latest
    }

    /// Whether no other change has begun since `change` did.
    func isCurrent(_ change: Int) -> Bool {
        change == latest
    }
}
