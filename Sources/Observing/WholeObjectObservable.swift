/// A ``KeyValueObservable`` class whose observable properties one registration can observe
/// all at once, with `observeChanges(changeHandler:)` or `changes()`, as Combine's
/// `ObservableObject` is observed through `objectWillChange`.
///
/// Conforming needs no code. It makes each `@Observed` property of the class report to a
/// whole-object observation, including a property nobody has observed yet: while the object
/// is observed whole, the first set of such a property creates its registry.
///
/// **Cost.** The class's sets pay for this, in every object, observed whole or not: each set
/// of a property with no registry forms the property's key paths (Swift forms them on every
/// call of the accessor once they are used as values): about 29 ns more per set on
/// observe-bench's machine (W3: 30.9 ns for strategy bw against 1.84 ns for b), and about 6 ns
/// more while a whole-object observation exists anywhere in the process. A class that does not conform
/// pays nothing; observe the few models that need it whole, not every class.
///
/// **Where to conform.** Declare the conformance on the class that declares
/// ``KeyValueObservable``: its subclasses inherit it, and all their properties are covered. A
/// subclass that adds the conformance to a superclass that lacks it inherits the
/// superclass's choice, as for `Observable`, so its properties without registries are not
/// reported (those with registries are).

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
