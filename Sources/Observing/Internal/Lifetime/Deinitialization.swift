/// Whether `object`'s `deinit` has begun.
///
/// A set made from an object's `deinit` must not retain the object beyond the call: a retain
/// that outlives `deinit` aborts the process ("deallocated with non-zero retain count"). A
/// weak reference to an object whose `deinit` has begun reads `nil` (the runtime's rule for
/// weak references), which tells the two apart without touching the runtime's internals.
/// Forming it gives the object a weak-reference side table, once; only the paths that keep
/// the object past the call (queue delivery) ask.
@usableFromInline
func isDeinitializing(_ object: AnyObject) -> Bool {
    #if compiler(>=6.2)
        weak let probe = object
    #else
        weak var probe = object
    #endif
    return probe == nil
}
