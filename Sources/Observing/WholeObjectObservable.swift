/// A ``KeyValueObservable`` class whose observable properties one registration can observe
/// all at once, with `observeChanges(changeHandler:)` or `changes()`, as Combine's
/// `ObservableObject` is observed through `objectWillChange`.
///
/// Conforming needs no code. It makes each `@Observed` property of the class report to a
/// whole-object observation, including a property nobody has observed yet: while the object
/// is observed whole, the first set of such a property creates its registry. This costs the
/// class's sets something that other classes do not pay (the property's key paths are formed
/// on each set, about 30 ns on observe-bench's machine); a class that does not conform pays
/// nothing. Conform where the properties are declared: the choice is made in each property's
/// accessors, so a subclass that adds the conformance covers its own properties, and its
/// superclass's only once they have registries (as for `Observable`).
///
/// ```swift
/// final class Document: KeyValueObservable, WholeObjectObservable {
///     @Observed var title = ""
///     @Observed var body = ""
/// }
/// ```
public protocol WholeObjectObservable: KeyValueObservable {}

extension KeyValueObservable {
    /// `false`: a set of a property with no registry creates none.
    @inlinable
    public static var _notifiesWholeObjectObservers: Bool { false }
}

extension KeyValueObservable where Self: WholeObjectObservable {
    /// `true`: while the object is observed whole, a set of a property with no registry
    /// creates one, so that the observation sees it.
    @inlinable
    public static var _notifiesWholeObjectObservers: Bool { true }
}
