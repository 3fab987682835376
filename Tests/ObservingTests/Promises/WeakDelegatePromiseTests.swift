import Observing
import Testing

/// Promises of `WeakBox` not checked elsewhere.
@Suite struct WeakDelegatePromiseTests {
    /// A boxed value that is not an object reads nil.
    ///
    /// WeakBox.swift: "A value that is not an object (a struct, an enum) is boxed by Swift and
    /// released at once, so `value` reads `nil`: pass objects only."
    @Test func aBoxedValueThatIsNotAnObjectReadsNil() {
        let box = WeakBox<Plain>(Plain(number: 5))
        #expect(box.value == nil)
    }
}

private struct Plain {
    var number: Int
}
