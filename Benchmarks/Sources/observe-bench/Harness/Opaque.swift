/// The call that follows every set in W3, the same in every row.
///
/// `dynamic` makes the function replaceable at run time, so the optimizer may not assume
/// what it does (it might read the property just set). Each set must therefore be stored
/// before the call and cannot be merged with the next one, sunk out of the loop or dropped;
/// a row's W3 figure is its set plus this one call, which costs the same in every row.
enum Opaque {
    /// Does nothing with `value`, opaquely.
    @inline(never)
    static dynamic func use(_ value: Int) {}
}
