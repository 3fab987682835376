import Observing
import Testing

/// The typed accessors of the untyped change a `KeyValueObserver` receives.
@Suite struct KeyValueChangeTests {
    @Test func valuesReadBackAsTheObservedTypeAndNoOther() {
        let change = KeyValueChange(KeyValueObservedChange(newValue: 5, oldValue: 4))
        #expect(change.newValue(as: Int.self) == 5)
        #expect(change.oldValue(as: Int.self) == 4)
        #expect(change.newValue(as: String.self) == nil)
        #expect(change.newValue(as: Int?.self) == .some(5))
    }

    @Test func anOptionalPropertysNilReadsAsSomeNil() {
        let change = KeyValueChange(KeyValueObservedChange<String?>(newValue: .some(nil), oldValue: "5"))
        #expect(change.newValue(as: String?.self) == .some(nil))
        #expect(change.oldValue(as: String?.self) == .some("5"))
        #expect(change.newValue(as: String.self) == nil)
    }

    @Test func aSubclassInstanceReadsAsItsSuperclass() {
        let model = SubModel()
        let change = KeyValueChange(KeyValueObservedChange(newValue: model))
        #expect(change.newValue(as: BaseModel.self) === model)
        #expect(change.newValue(as: SubModel.self) === model)
        #expect(change.oldValue(as: BaseModel.self) == nil)
    }
}
