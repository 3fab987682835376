import Observing

extension ReferenceModel {
    /// One call of a registration, values unfiltered: a prior call of a stored property carries
    /// the new value too (for `.removeDuplicates`), as the library's registry does.
    struct Call {
        var kind: KeyValueChangeKind = .setting
        var indexes: Set<Int>?
        var old: String?
        var new: String?
        var isPrior = false
        /// The new value itself, for bindings (text values only).
        var rawNew: String?
    }

    /// A set of an `@Observed` storage.
    ///
    /// Not delivering: prior calls (to the list as it is now), the store, after calls, then the
    /// sets queued meanwhile, each with its own prior and after calls to the list as it was at
    /// its store (an observer added after that store has read the value it stored, as in KVO,
    /// which delivers the nested set before such an observer registers).
    /// Delivering: a set from an after-store callback is stored at once and queued; a set from a
    /// prior callback (or after one, to keep set order) is deferred and made, as a set of its own,
    /// when the set in flight completes, or for a manual pair once its prior calls are sent
    /// (engine semantics; skipped while those are off). A queued set's prior callbacks run after
    /// its store, so a set from one is stored at once and queued.
    ///
    /// `change`, when given, is what the set notifies (a to-many change, or a manual pair's)
    /// instead of a whole-value setting from the value it replaces.
    func performSet(_ storage: Storage, _ value: Value, change toMany: Change? = nil) {
        let delivery = deliveries[storage] ?? Delivery()
        deliveries[storage] = delivery
        if delivery.isDelivering {
            if delivery.isInPrior || !delivery.deferred.isEmpty {
                if !isEngineSemanticsOn {
                    outcome.notes.append("model: a deferred set with engine semantics off")
                }
                delivery.deferred.append((value, toMany))
                return
            }
            let change = toMany ?? Change(old: read(storage), new: value)
            delivery.pending.append((change, lists[storage] ?? []))
            write(storage, value)
            return
        }
        var next: (value: Value, change: Change?)? = (value, toMany)
        while let (nextValue, toMany) = next {
            var value = nextValue
            var change = toMany ?? Change(old: read(storage), new: value)
            delivery.isDelivering = true
            let snapshot = lists[storage] ?? []
            delivery.inFlightValue = value
            delivery.inFlightChange = change
            notifyPrior(snapshot, of: change, in: delivery, storage: storage)
            delivery.inFlightValue = nil
            delivery.inFlightChange = nil
            if change.isPair, !delivery.deferred.isEmpty {
                // A manual pair's prior calls are sent: the sets they made are stored now, each
                // as a set of its own, in the order they were made, before the code between the
                // pair's calls runs and reads them (as in KVO, which stores them inside the prior
                // call). Then the pair's own set, if any, joins the pair, which notifies the
                // value read at `willChangeValue` and the value the property reads at
                // `didChangeValue`.
                let first = delivery.deferred.removeFirst()
                delivery.isDelivering = false
                performSet(storage, first.value, change: first.change)
                delivery.isDelivering = true
                if !change.isPairWithSet { value = read(storage) }
                change.new = value
            }
            write(storage, value)
            for entry in snapshot { notify(entry, of: change, phase: .after, storage: storage) }
            var index = 0
            while index < delivery.pending.count {
                let (queued, current) = delivery.pending[index]
                index += 1
                // Its value is already stored: its prior callbacks run in the library's
                // `delivering` phase (DeliveryStateMachine), not before a store, so a set made
                // from one is stored at once and queued, as from an after callback, unless
                // deferred sets wait. (observe-core-fuzz found the model deferring it.)
                notifyPrior(current, of: queued, in: delivery, storage: storage, isBeforeStore: false)
                for entry in current { notify(entry, of: queued, phase: .after, storage: storage) }
            }
            delivery.pending = []
            delivery.isDelivering = false
            next = delivery.deferred.isEmpty ? nil : delivery.deferred.removeFirst()
        }
    }

    /// Sends the prior calls of `change`; `isBeforeStore` says whether its value is not stored yet
    /// (sets made meanwhile are then deferred).
    private func notifyPrior(
        _ snapshot: [Entry], of change: Change, in delivery: Delivery, storage: Storage,
        isBeforeStore: Bool = true
    ) {
        guard snapshot.contains(where: \.wantsPrior) else { return }
        delivery.isInPrior = isBeforeStore
        for entry in snapshot where entry.wantsPrior {
            notify(entry, of: change, phase: .prior, storage: storage, isBeforeStore: isBeforeStore)
        }
        delivery.isInPrior = false
    }

    /// Calls one entry of a storage's list, unless its registration ended meanwhile.
    ///
    /// A computed key path's or chain's old value is the value it reads at its change's own
    /// prior call, when that call comes before the store (as KVO reads it at
    /// `willChangeValue`), otherwise (a queued set, stored before its prior calls) the value it
    /// delivered last. A change begun inside another keeps its own: each after call takes the
    /// oldest value its storage's prior calls left (a storage delivers its changes in order).
    ///
    /// An entry that a re-wiring took off its list is still active (see `rewire(_:to:)`): the
    /// change in flight that listed it reaches it, in its place, until its registration ends.
    private func notify(
        _ entry: Entry, of change: Change, phase: ReactionPhase, storage: Storage,
        isBeforeStore: Bool = true
    ) {
        guard entry.isActive, let registration = registrations[entry.registration],
            registration.isActive
        else {
            return
        }
        if registration.place.isDerived {
            // A computed key path or chain holds its root weakly: nothing once it is deinitializing.
            guard isRootAlive(registration.place) else {
                // A view model that gave no sign of its end: the first change of what the
                // observation reads ends it, with no call (see `dropViewModel`).
                if phase == .after, case .viewModel = registration.place { end(registration.id) }
                return
            }
            if phase == .prior {
                let read = isBeforeStore ? evaluate(registration.place).value : nil
                registration.valuesBeforeChanges.append((storage, read))
                let old = read ?? registration.lastValue
                guard registration.options.contains(.prior) else { return }
                deliver(to: registration, Call(old: old, isPrior: true), phase: .prior)
                return
            }
            let (value, raw, storages) = evaluate(registration.place)
            rewire(registration, to: storages)
            let before = registration.valuesBeforeChanges.firstIndex { $0.storage == storage }.flatMap {
                registration.valuesBeforeChanges.remove(at: $0).old
            }
            let old = before ?? registration.lastValue
            registration.lastValue = value
            deliver(to: registration, Call(old: old, new: value, rawNew: raw), phase: .after)
            return
        }
        deliver(
            to: registration,
            Call(
                kind: change.kind, indexes: change.indexes, old: change.old?.rendered,
                new: phase == .prior && !change.isNewKnownAtPrior ? nil : change.new?.rendered,
                isPrior: phase == .prior, rawNew: change.new?.text),
            phase: phase)
    }

    /// Hands a call to a registration: filters it by the registration's options, then records
    /// it, or carries out the binding's write.
    ///
    /// `.removeDuplicates` skips a call between equal values, but never the after call of a
    /// prior call it let through: a stored property's prior call carries the new value and is
    /// skipped with its after call; a computed key path's or chain's cannot, so both are sent.
    func deliver(to registration: Registration, _ call: Call, phase: ReactionPhase) {
        let options = registration.options
        if options.contains(.removeDuplicates) {
            let isDuplicate =
                call.kind == .setting && call.old != nil && call.new != nil && call.old == call.new
            if call.isPrior {
                if isDuplicate { return }
                registration.unpairedPriorCalls += 1
            } else if registration.unpairedPriorCalls > 0 {
                registration.unpairedPriorCalls -= 1
            } else if isDuplicate {
                return
            }
        }
        let old = options.contains(.old) ? call.old : nil
        let new = options.contains(.new) && !call.isPrior ? call.new : nil
        switch registration.owner {
        case .token(let isQueued):
            let hasReads = !isQueued && registration.place != .property && registration.place != .replaceable
            let line = ModelRender.call(
                kind: call.kind, indexes: call.indexes, old: old, new: new, isPrior: call.isPrior,
                reads: hasReads ? evaluate(registration.place).value : nil)
            let key = "t\(registration.id)"
            if isQueued {
                enqueue(registration, key: key, line: line, phase: phase)
            } else if registration.place == .replaceable, registration.generation != replaceable.generation {
                outcome.optionalCalls[key, default: []].append(line)
            } else {
                outcome.calls[key, default: []].append(line)
                react(registration, phase: phase)
            }
        case .observer(let observer, let context):
            guard observers.contains(observer), case .subject(let subject, let keyPath) = registration.place
            else {
                return
            }
            let line = ModelRender.call(
                kind: call.kind, indexes: call.indexes, old: old, new: new, isPrior: call.isPrior,
                reads: evaluate(registration.place).value,
                prefix: ModelRender.observerPrefix(keyPath: keyPath, subject: subject, context: context))
            outcome.calls["o\(observer)", default: []].append(line)
            if deinitDepth == 0, let reaction = observerReactions[observer], reaction.phase == phase {
                observerReactions[observer] = nil
                observerCallDepth[observer, default: 0] += 1
                fire(reaction)
                observerCallDepth[observer, default: 0] -= 1
                if observerCallDepth[observer] == 0, observersDroppedInCall.remove(observer) != nil {
                    observers.remove(observer)
                }
            }
        case .oneWay(let label):
            if labels[label] != nil, let raw = call.rawNew { labels[label] = raw }
        case .twoWay(let binding, let target):
            guard !crossing.contains(binding), let raw = call.rawNew else { return }
            crossing.insert(binding)
            performSet(.text(target), .text(raw))
            crossing.remove(binding)
        case .replacer:
            guard phase == .after, let replacement = replaceable.armed else { return }
            replaceable.armed = nil
            replaceStorage(with: replacement)
        case .flipper(let toggles):
            guard phase == .prior, !registration.isSpent else { return }
            registration.isSpent = true
            for _ in 0..<toggles { performSet(.switching(.useA), .flag(!switching.useA)) }
        }
    }

    private func react(_ registration: Registration, phase: ReactionPhase) {
        guard deinitDepth == 0, let reaction = registration.reaction, reaction.phase == phase else { return }
        registration.reaction = nil
        fire(reaction)
    }

    /// Fires a reaction: resolves what it does now, remembers that for the library's world, does it.
    func fire(_ reaction: ModelReaction) {
        outcome.firedReactions.append(reaction.id)
        let action = resolve(reaction.template)
        resolutions[reaction.id] = action
        execute(action)
    }

    /// Re-registers a registration with the storages its latest evaluation read: those it
    /// already had keep their place, new ones are appended, the others are left at once.
    ///
    /// An entry left stays active: the changes in flight that listed it still reach it, whole
    /// (its prior call and its after call) and in its place, when a handler of one of them
    /// re-wires the registration (off the storage and back, or only off it), as KVO delivers a
    /// change to the observers it had when the change began; the rule of
    /// `KeyValueObservingOptions.removeDuplicates` ("a prior call is always followed by its
    /// after call") and of `willChangeValue(for:)` ("one prior call at its outermost
    /// `willChangeValue` and one notification at its outermost `didChangeValue`").
    func rewire(_ registration: Registration, to storages: [Storage]) {
        var kept: [Storage: Entry] = [:]
        for storage in storages {
            if let existing = registration.entries[storage] {
                kept[storage] = existing
            } else {
                let entry = Entry(registration: registration.id, wantsPrior: registration.wantsPriorCalls)
                lists[storage, default: []].append(entry)
                kept[storage] = entry
            }
        }
        for (storage, entry) in registration.entries where kept[storage] == nil {
            lists[storage]?.removeAll { $0 === entry }
        }
        registration.entries = kept
    }

    /// The value at a place now (rendered, and raw for text), and the storages it reads.
    func evaluate(_ place: ModelPlace) -> (value: String, raw: String?, storages: [Storage]) {
        switch place {
        case .subject(let subject, .summary):
            let state = subjects[subject] ?? Subject()
            let summary = "\(state.title)|\(state.messages.count)"
            return (ModelRender.text(summary), summary, [.title(subject), .messages(subject)])
        case .subject(let subject, .chain):
            let child = subjects[subject]?.child
            let name = child.map { childNames[$0] }
            return (ModelRender.optional(name), nil, [.child(subject)] + (child.map { [.name($0)] } ?? []))
        case .viewModel(let viewModel, .lowered):
            let child = viewModels[viewModel]?.child ?? 0
            let lowered = childNames[child].lowercased()
            return (ModelRender.text(lowered), lowered, [.name(child)])
        case .switching(.shown):
            let shown = switching.useA ? switching.a : switching.b
            return (ModelRender.text(shown), shown, storages(of: .switching(.shown)))
        default:
            guard let storage = storages(of: place).first else { return ("", nil, []) }
            let value = read(storage)
            return (value.rendered, value.text, [storage])
        }
    }

    /// The storages a place reads now.
    func storages(of place: ModelPlace) -> [Storage] {
        switch place {
        case .subject(let subject, let keyPath): storages(of: subject, keyPath)
        case .child(let child): [.name(child)]
        case .field(let field): [.text(field)]
        case .property: []
        case .replaceable: [.replaceable(replaceable.generation)]
        case .viewModel(let viewModel, .lowered): viewModels[viewModel].map { [.name($0.child)] } ?? []
        case .viewModel(let viewModel, .caption): [.caption(viewModel)]
        case .switching(.shown): [.switching(.useA), .switching(switching.useA ? .a : .b)]
        case .switching(let keyPath): [.switching(keyPath)]
        }
    }

    func storages(of subject: Int, _ keyPath: SubjectKeyPath) -> [Storage] {
        switch keyPath {
        case .title: [.title(subject)]
        case .messages: [.messages(subject)]
        case .summary: [.title(subject), .messages(subject)]
        case .chain: [.child(subject)] + (subjects[subject]?.child.map { [.name($0)] } ?? [])
        case .tags: [.tags(subject)]
        case .note: [.note(subject)]
        }
    }

    func read(_ storage: Storage) -> Value {
        switch storage {
        case .title(let subject): .text(subjects[subject]?.title ?? "")
        case .messages(let subject): .list(subjects[subject]?.messages ?? [])
        case .tags(let subject): .set(subjects[subject]?.tags ?? [])
        case .note(let subject): .text(subjects[subject]?.note ?? "")
        case .child(let subject): .child(subjects[subject]?.child)
        case .name(let child): .text(childNames[child])
        case .text(let field): .text(fieldTexts[field])
        case .replaceable: .text(replaceable.value)
        case .caption(let viewModel): .text(viewModels[viewModel]?.caption ?? "")
        case .switching(.useA): .flag(switching.useA)
        case .switching(.a): .text(switching.a)
        case .switching(.b): .text(switching.b)
        case .switching(.shown): .text(switching.useA ? switching.a : switching.b)
        }
    }

    private func write(_ storage: Storage, _ value: Value) {
        switch (storage, value) {
        case (.title(let subject), .text(let text)): subjects[subject]?.title = text
        case (.messages(let subject), .list(let list)): subjects[subject]?.messages = list
        case (.tags(let subject), .set(let set)): subjects[subject]?.tags = set
        case (.note(let subject), .text(let text)): subjects[subject]?.note = text
        case (.child(let subject), .child(let child)): subjects[subject]?.child = child
        case (.name(let child), .text(let text)): childNames[child] = text
        case (.text(let field), .text(let text)): fieldTexts[field] = text
        case (.replaceable, .text(let text)): replaceable.value = text
        case (.caption(let viewModel), .text(let text)): viewModels[viewModel]?.caption = text
        case (.switching(.useA), .flag(let flag)): switching.useA = flag
        case (.switching(.a), .text(let text)): switching.a = text
        case (.switching(.b), .text(let text)): switching.b = text
        default: outcome.notes.append("model: \(value) cannot be stored in \(storage)")
        }
    }

    /// The value a mutation builds on: the last deferred set's, else the set in flight's while
    /// its prior callbacks run, else the stored value.
    func latestValue(of storage: Storage) -> Value {
        if let delivery = deliveries[storage] {
            if let last = delivery.deferred.last { return last.value }
            if delivery.isInPrior, let value = delivery.inFlightValue { return value }
        }
        return read(storage)
    }
}

extension ReferenceModel {
    /// Whether the object a place's key path starts from is alive (a derived observation holds
    /// it weakly, and makes no call once it is gone).
    func isRootAlive(_ place: ModelPlace) -> Bool {
        switch place {
        case .subject(let subject, _): subjects[subject]?.phase == .alive
        case .viewModel(let viewModel, _): viewModels[viewModel]?.isAlive == true
        default: true
        }
    }
}

extension ModelPlace {
    /// Whether the key path is derived (a computed property or a chain): it depends on the
    /// storages its latest evaluation read, and reads its old value at the prior calls.
    var isDerived: Bool {
        switch self {
        case .subject(_, let keyPath): !keyPath.isStored
        case .viewModel(_, .lowered), .switching(.shown): true
        default: false
        }
    }
}
