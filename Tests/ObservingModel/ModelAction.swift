import Observing

/// A step resolved against the reference model's state: concrete identities and values, which
/// the library's world carries out exactly.
///
/// Identities (subjects, observers, labels, tokens, reactions) are numbers from one counter, so
/// a readable listing can say `s5`, `o7`, `t12`.
package enum ModelAction {
    /// Nothing to do, and why.
    case nothing(String)
    case observe(RegistrationPlan)
    case addObserver(ObserverPlan)
    case removeObserver(observer: Int, subject: Int, keyPath: SubjectKeyPath, context: Int?)
    case invalidate(token: Int)
    case dropToken(token: Int)
    case dropObserver(observer: Int)
    case dropSubject(slot: Int, subject: Int, replacement: Int, setsInDeinit: Bool)
    case write(ModelWrite)
    case mutate(subject: Int, mutation: ArrayMutation)
    case mutateTags(subject: Int, mutation: SetMutation)
    /// `willChangeValue(for:)`, the set of `value` if there is one, `didChangeValue(for:)`.
    case manualPair(subject: Int, keyPath: PairKeyPath, value: String?)
    case bindOneWay(
        token: Int, subject: Int, source: BindingSource, label: Int, labelSlot: Int, createsLabel: Bool)
    case dropLabel(label: Int)
    case bindTwoWay(token: Int, pair: Int)
    case setNormalized(side: Int, value: String)
    case observeReplaceable(token: Int, options: KeyValueObservingOptions)
    case setReplaceable(value: String, replacement: String?)
    /// Runs the calls waiting on the delivery queue `q`.
    case drainQueue
    case track(tracker: Int, read: TrackedRead)
    case setTracked(property: Int, value: String)
    /// A view model over child `child` in view-model slot `slot`; the one it replaces, if any, is
    /// dropped first.
    case makeViewModel(slot: Int, viewModel: Int, child: Int, replacing: Int?)
    case dropViewModel(slot: Int, viewModel: Int)
    /// `willChangeValue(for:)` of the switching object's `keyPath` with a prior handler
    /// (registration `flipper`, registered last, ended after the pair) that sets `useA` to its
    /// opposite `toggles` times, the set of `value` if there is one, `didChangeValue(for:)`.
    case switchingPair(keyPath: SwitchKeyPath, flipper: Int, toggles: Int, value: String?)
}

/// A registration to make with `observe`.
package struct RegistrationPlan {
    package var token: Int
    var place: ModelPlace
    var options: KeyValueObservingOptions
    var isQueued: Bool
    var reaction: ModelReaction?
}

/// A registration to make with `addObserver`.
package struct ObserverPlan {
    var observer: Int
    var slot: Int
    /// Whether the observer is new (its slot was empty).
    var createsObserver: Bool
    var subject: Int
    var keyPath: SubjectKeyPath
    var options: KeyValueObservingOptions
    var context: Int?
    var reaction: ModelReaction?
}

/// Where a registration is made, by identity.
enum ModelPlace: Hashable {
    case subject(Int, SubjectKeyPath)
    case child(Int)
    case field(Int)
    case property
    case replaceable
    /// A key path of a view model, by identity.
    case viewModel(Int, ViewModelKeyPath)
    case switching(SwitchKeyPath)
}

/// A reaction with its identity; what it does is resolved when it fires.
struct ModelReaction {
    var id: Int
    var phase: ReactionPhase
    var template: ModelStep
}

/// A whole-value set.
package enum ModelWrite {
    case title(subject: Int, String)
    case messages(subject: Int, [String])
    case child(subject: Int, Int?)
    case name(child: Int, String)
    case text(field: Int, String)
    case property(Int)
    case caption(viewModel: Int, String)
    case useA(Bool)
    /// A set of the switching object's `a` or `b`.
    case switched(SwitchKeyPath, String)
}

/// A `mutableArrayValue` mutation with concrete positions.
package enum ArrayMutation {
    /// Positions in the new array, ascending, one element each.
    case insert([String], at: [Int])
    /// Positions in the current array, ascending.
    case remove(at: [Int])
    case replace(at: [Int], with: [String])
}

/// A `mutableSetValue` mutation with concrete elements.
package enum SetMutation {
    case insert(String)
    case remove(String)
    case formUnion(Set<String>)
    case subtract(Set<String>)
    case formIntersection(Set<String>)
    case removeAll

    /// Whether it is a union (an `.insertion`), rather than a minus or an intersection (a
    /// `.removal`), as `NSKeyValueSetMutationKind`.
    var isInsertion: Bool {
        switch self {
        case .insert, .formUnion: true
        case .remove, .subtract, .formIntersection, .removeAll: false
        }
    }

    /// The set after the mutation of `tags`.
    func applied(to tags: Set<String>) -> Set<String> {
        switch self {
        case .insert(let element): tags.union([element])
        case .remove(let element): tags.subtracting([element])
        case .formUnion(let other): tags.union(other)
        case .subtract(let other): tags.subtracting(other)
        case .formIntersection(let other): tags.intersection(other)
        case .removeAll: []
        }
    }
}

extension ModelAction: CustomStringConvertible {
    package var description: String {
        switch self {
        case .nothing(let reason): "nothing (\(reason))"
        case .observe(let plan): plan.description
        case .addObserver(let plan): plan.description
        case .removeObserver(let observer, let subject, let keyPath, let context):
            "s\(subject).removeObserver(o\(observer), \\.\(keyPath.name), context: \(Self.describe(context)))"
        case .invalidate(let token): "t\(token).invalidate()"
        case .dropToken(let token): "drop t\(token)"
        case .dropObserver(let observer): "drop o\(observer)"
        case .dropSubject(let slot, let subject, let replacement, let setsInDeinit):
            "drop s\(subject)\(setsInDeinit ? " (its deinit sets title and appends to messages)" : "")"
                + ", s\(replacement) takes slot \(slot)"
        case .write(let write): write.description
        case .mutate(let subject, let mutation): "s\(subject).mutableArrayValue(for: \\.messages).\(mutation)"
        case .mutateTags(let subject, let mutation): "s\(subject).mutableSetValue(for: \\.tags).\(mutation)"
        case .manualPair(let subject, let keyPath, let value):
            "s\(subject).willChangeValue(for: \\.\(keyPath.keyPath.name)); "
                + (value.map { "s\(subject).\(keyPath.keyPath.name) = \"\($0)\"; " } ?? "")
                + "s\(subject).didChangeValue(for: \\.\(keyPath.keyPath.name))"
        case .bindOneWay(let token, let subject, let source, let label, _, _):
            "t\(token) = s\(subject).bind(\\.\(source.keyPath.name), to: l\(label), \\.text)"
        case .dropLabel(let label): "drop l\(label)"
        case .bindTwoWay(let token, let pair):
            "t\(token) = f\(pair).bind(\\.text, twoWayTo: f\(pair + 1), \\.text)"
        case .setNormalized(let side, let value):
            "normalizing pair: \(side == 0 ? "model" : "editor").text = \"\(value)\""
        case .observeReplaceable(let token, let options):
            "t\(token) = replaceable.observe(\\.name, options: \(options.listing))"
        case .setReplaceable(let value, let replacement):
            "replaceable.name = \"\(value)\""
                + (replacement.map { ", a handler replaces the storage with \"\($0)\"" } ?? "")
        case .drainQueue: "drain q"
        case .track(let tracker, let read):
            "w\(tracker) = withObservationTracking { _ = tracked.\(read.name) } onChange: { ... }"
        case .setTracked(let property, let value):
            "tracked.\(TrackedRead.property(property).name) = \"\(value)\""
        case .makeViewModel(let slot, let viewModel, let child, let replacing):
            (replacing.map { "drop v\($0), " } ?? "")
                + "v\(viewModel) = ViewModel(source: c\(child)) in slot \(slot)"
        case .dropViewModel(_, let viewModel): "drop v\(viewModel)"
        case .switchingPair(let keyPath, _, let toggles, let value):
            "switching.willChangeValue(for: \\.\(keyPath.name)) (a prior handler registered last sets useA "
                + "\(toggles) time(s)); "
                + (value.map { "switching.\(keyPath.name) = \"\($0)\"; " } ?? "")
                + "switching.didChangeValue(for: \\.\(keyPath.name))"
        }
    }

    static func describe(_ context: Int?) -> String {
        context.map { "c\($0)" } ?? "nil"
    }
}

extension RegistrationPlan: CustomStringConvertible {
    package var description: String {
        let queue = isQueued ? ", queue: q" : ""
        let reactionText = reaction.map { " reacting \($0)" } ?? ""
        return "t\(token) = \(place).observe(options: \(options.listing)\(queue))\(reactionText)"
    }
}

extension ObserverPlan: CustomStringConvertible {
    package var description: String {
        let reactionText = reaction.map { " reacting \($0)" } ?? ""
        return "s\(subject).addObserver(o\(observer)\(createsObserver ? " (new)" : ""), \\.\(keyPath.name), "
            + "options: \(options.listing), context: \(ModelAction.describe(context)))\(reactionText)"
    }
}

extension ModelReaction: CustomStringConvertible {
    var description: String { "[x\(id) at the first \(phase) call: \(template)]" }
}

extension ModelPlace: CustomStringConvertible {
    var description: String {
        switch self {
        case .subject(let subject, let keyPath): "s\(subject)[\\.\(keyPath.name)]"
        case .child(let child): "c\(child)[\\.name]"
        case .field(let field): "f\(field)[\\.text]"
        case .property: "property"
        case .replaceable: "replaceable[\\.name]"
        case .viewModel(let viewModel, let keyPath): "v\(viewModel)[\\.\(keyPath.name)]"
        case .switching(let keyPath): "switching[\\.\(keyPath.name)]"
        }
    }
}

extension ModelWrite: CustomStringConvertible {
    package var description: String {
        switch self {
        case .title(let subject, let value): "s\(subject).title = \"\(value)\""
        case .messages(let subject, let value): "s\(subject).messages = \(ModelRender.list(value))"
        case .child(let subject, let child): "s\(subject).child = \(child.map { "c\($0)" } ?? "nil")"
        case .name(let child, let value): "c\(child).name = \"\(value)\""
        case .text(let field, let value): "f\(field).text = \"\(value)\""
        case .property(let value): "property.value = \(value)"
        case .caption(let viewModel, let value): "v\(viewModel).caption = \"\(value)\""
        case .useA(let value): "switching.useA = \(value)"
        case .switched(let keyPath, let value): "switching.\(keyPath.name) = \"\(value)\""
        }
    }
}

extension ArrayMutation: CustomStringConvertible {
    package var description: String {
        switch self {
        case .insert(let elements, let indexes): "insert(\(ModelRender.list(elements)), at: \(indexes))"
        case .remove(let indexes): "remove(at: \(indexes))"
        case .replace(let indexes, let elements):
            "replace(at: \(indexes), with: \(ModelRender.list(elements)))"
        }
    }
}

extension SetMutation: CustomStringConvertible {
    package var description: String {
        switch self {
        case .insert(let element): "insert(\"\(element)\")"
        case .remove(let element): "remove(\"\(element)\")"
        case .formUnion(let other): "formUnion(\(ModelRender.set(other)))"
        case .subtract(let other): "subtract(\(ModelRender.set(other)))"
        case .formIntersection(let other): "formIntersection(\(ModelRender.set(other)))"
        case .removeAll: "removeAll()"
        }
    }
}

extension ModelStep: CustomStringConvertible {
    package var description: String {
        switch self {
        case .observe(let template): "observe \(template.place) \(template.options.listing)"
        case .addObserver(let template): "addObserver slot \(template.slot) \\.\(template.keyPath.name)"
        case .removeObserver(_, let variant): "removeObserver (\(variant))"
        case .invalidate: "invalidate a token"
        case .dropToken: "drop a token"
        case .dropObserver(let slot): "drop observer slot \(slot)"
        case .dropSubject(let slot, _): "drop subject slot \(slot)"
        case .setTitle(let subject, let value): "set slot \(subject) title \"\(ModelValues.titles[value])\""
        case .setMessages(let subject, _): "set slot \(subject) messages"
        case .setChild(let subject, let child): "set slot \(subject) child \(child.map { "c\($0)" } ?? "nil")"
        case .setName(let child, let value): "set c\(child).name \"\(ModelValues.names[value])\""
        case .setText(let field, let value): "set f\(field).text \"\(ModelValues.texts[value])\""
        case .setProperty(let value): "set property \(value)"
        case .mutate(let subject, let mutation): "mutate slot \(subject) messages (\(mutation))"
        case .mutateTags(let subject, let mutation): "mutate slot \(subject) tags (\(mutation))"
        case .manualPair(let subject, let keyPath, let value):
            "manual pair slot \(subject) \\.\(keyPath.keyPath.name) "
                + (value.map {
                    "setting \"\(keyPath == .title ? ModelValues.titles[$0] : ModelValues.notes[$0])\""
                }
                    ?? "(no set)")
        case .bindOneWay(let subject, let source, let label):
            "bind slot \(subject) \(source) to label \(label)"
        case .dropLabel(let slot): "drop label slot \(slot)"
        case .bindTwoWay(let pair): "bind f\(pair) both ways to f\(pair + 1)"
        case .setNormalized(let side, let value):
            "set normalizing side \(side) \"\(ModelValues.normalizedInputs[value])\""
        case .observeReplaceable: "observe replaceable"
        case .setReplaceable(let value, let replacement):
            "set replaceable \"\(ModelValues.replaceableValues[value])\""
                + (replacement.map { ", replacing its storage with \"\(ModelValues.replacements[$0])\"" }
                    ?? "")
        case .drainQueue: "drain the queue"
        case .track(let read): "track tracked.\(read.name)"
        case .setTracked(let property, let value):
            "set tracked.\(TrackedRead.property(property).name) \"\(ModelValues.trackedValues[value])\""
        case .makeViewModel(let slot, let child): "make a view model over c\(child) in slot \(slot)"
        case .dropViewModel(let slot): "drop view model slot \(slot)"
        case .setCaption(let slot, let value):
            "set view model slot \(slot) caption \"\(ModelValues.texts[value])\""
        case .setSwitching(let keyPath, let value):
            "set switching.\(keyPath.name) \(keyPath == .useA ? String(value == 1) : "\"\(ModelValues.texts[value])\"")"
        case .switchingPair(let keyPath, let toggles, let value):
            "manual pair switching.\(keyPath.name) toggling useA \(toggles) time(s) "
                + (value.map { "setting \"\(ModelValues.texts[$0])\"" } ?? "(no set)")
        }
    }
}

extension PlaceTemplate: CustomStringConvertible {
    package var description: String {
        switch self {
        case .subject(let slot, let keyPath): "slot \(slot)[\\.\(keyPath.name)]"
        case .child(let child): "c\(child)[\\.name]"
        case .field(let field): "f\(field)[\\.text]"
        case .property: "property"
        case .viewModel(let slot, let keyPath): "view model slot \(slot)[\\.\(keyPath.name)]"
        case .switching(let keyPath): "switching[\\.\(keyPath.name)]"
        }
    }
}

extension MutationTemplate: CustomStringConvertible {
    package var description: String {
        switch self {
        case .append(let letter): "append(\"\(ModelValues.letters[letter])\")"
        case .removeLast: "remove the last element"
        case .insert(let count, _, _): "insert \(count) element(s)"
        case .remove(let count, _): "remove \(count) element(s)"
        case .replace(let count, _, _): "replace \(count) element(s)"
        }
    }
}

extension SetMutationTemplate: CustomStringConvertible {
    package var description: String {
        let render = { (letters: [Int]) in ModelRender.set(Set(letters.map { ModelValues.letters[$0] })) }
        switch self {
        case .insert(let letter): return "insert(\"\(ModelValues.letters[letter])\")"
        case .remove(let letter): return "remove(\"\(ModelValues.letters[letter])\")"
        case .formUnion(let letters): return "formUnion(\(render(letters)))"
        case .subtract(let letters): return "subtract(\(render(letters)))"
        case .formIntersection(let letters): return "formIntersection(\(render(letters)))"
        case .removeAll: return "removeAll()"
        }
    }
}

extension KeyValueObservingOptions {
    /// The options as a Swift array literal, for listings.
    var listing: String {
        let names: [(KeyValueObservingOptions, String)] = [
            (.new, ".new"), (.old, ".old"), (.initial, ".initial"), (.prior, ".prior"),
            (.removeDuplicates, ".removeDuplicates"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
