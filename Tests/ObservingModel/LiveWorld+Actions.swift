import Observing

extension LiveWorld {
    /// Carries out one resolved action with the library.
    func perform(_ action: ModelAction) {
        switch action {
        case .nothing: break
        case .observe(let plan): observe(plan)
        case .addObserver(let plan): addObserver(plan)
        case .removeObserver(let observerID, let subjectID, let keyPath, let context):
            guard let observer = observers[observerID], let subject = subjects[subjectID] else {
                outcome.notes.append("no o\(observerID) or s\(subjectID) to remove")
                return
            }
            let removed = removeObserver(
                observer, from: subject, keyPath, context: context.map { contexts[$0] })
            outcome.results.append("\(action) -> \(removed)")
        case .invalidate(let token):
            guard let held = tokens[token] else {
                outcome.notes.append("no t\(token) to invalidate")
                return
            }
            held.invalidate()
        case .dropToken(let token):
            // Released after the dictionary is updated: its deinit invalidates.
            let held = tokens.removeValue(forKey: token)
            withExtendedLifetime(held) {}
        case .dropObserver(let id):
            let observer = observers.removeValue(forKey: id)
            track(observer, as: "o\(id)")
        case .dropSubject(let slot, let id, let replacement, let setsInDeinit):
            dropSubject(slot: slot, id: id, replacement: replacement, setsInDeinit: setsInDeinit)
        case .write(let write): perform(write)
        case .mutate(let id, let mutation): mutate(id, mutation)
        case .mutateTags(let id, let mutation):
            guard let subject = subject(id) else { return }
            if let result = mutateTags(of: subject, mutation) {
                outcome.results.append("\(action) -> \(result)")
            }
        case .manualPair(let id, let keyPath, let value):
            guard let subject = subject(id) else { return }
            switch keyPath {
            case .title:
                subject.willChangeValue(for: \.title)
                if let value { subject.title = value }
                subject.didChangeValue(for: \.title)
            case .note:
                subject.willChangeValue(for: \.note)
                if let value { subject.note = value }
                subject.didChangeValue(for: \.note)
            }
        case .bindOneWay(let token, let subjectID, let source, let labelID, _, let createsLabel):
            if createsLabel { labels[labelID] = ModelLabel() }
            guard let subject = subjects[subjectID], let label = labels[labelID] else {
                outcome.notes.append("no s\(subjectID) or l\(labelID) to bind")
                return
            }
            switch source {
            case .title: tokens[token] = subject.bind(\.title, to: label, \.text)
            case .summary: tokens[token] = subject.bind(\.summary, to: label, \.text)
            case .note: tokens[token] = subject.bind(\.note, to: label, \.text)
            }
        case .dropLabel(let id):
            let label = labels.removeValue(forKey: id)
            track(label, as: "l\(id)")
        case .bindTwoWay(let token, let pair):
            tokens[token] = fields[pair].bind(\.text, twoWayTo: fields[pair + 1], \.text)
        case .setNormalized(let side, let value):
            (side == 0 ? normalizingModel : normalizingEditor).text = value
        case .observeReplaceable(let token, let options):
            tokens[token] = replaceable.observe(\.name, options: options) { [unowned self] _, change in
                record(
                    "t\(token)",
                    ModelRender.call(
                        kind: change.kind, indexes: change.indexes,
                        old: change.oldValue.map(ModelRender.text),
                        new: change.newValue.map(ModelRender.text), isPrior: change.isPrior, reads: nil))
            }
        case .setReplaceable(let value, let replacement):
            armedReplacement = replacement
            replaceable.name = value
            armedReplacement = nil
            if replacement != nil { replacer = makeReplacer() }
        case .drainQueue: drainQueue()
        case .track(let tracker, let read): track(tracker, read)
        case .setTracked(let property, let value):
            if property == 0 { tracked.first = value } else { tracked.second = value }
        case .makeViewModel(let slot, let id, let child, let replacing):
            makeViewModel(slot: slot, id: id, child: child, replacing: replacing)
        case .dropViewModel(let slot, let id): dropViewModel(slot: slot, id: id)
        case .switchingPair(let keyPath, _, let toggles, let value):
            switchingPair(keyPath, toggles: toggles, value: value)
        }
    }

    private func perform(_ write: ModelWrite) {
        switch write {
        case .title(let id, let value): subject(id)?.title = value
        case .messages(let id, let value): subject(id)?.messages = value
        case .child(let id, let child): subject(id)?.child = child.map { children[$0] }
        case .name(let child, let value): children[child].name = value
        case .text(let field, let value): fields[field].text = value
        case .property(let value): property.value = value
        case .caption(let id, let value): viewModels[id]?.caption = value
        case .useA(let value): switching.useA = value
        case .switched(.b, let value): switching.b = value
        case .switched(_, let value): switching.a = value
        }
    }

    private func subject(_ id: Int) -> ModelSubject? {
        guard let subject = subjects[id] else {
            outcome.notes.append("no s\(id)")
            return nil
        }
        return subject
    }

    private func mutate(_ id: Int, _ mutation: ArrayMutation) {
        guard let subject = subject(id) else { return }
        let messages = subject.mutableArrayValue(for: \.messages)
        // With the engine's semantics off, the model never mutates from a prior callback, so the
        // positions fit what the property reads; a mismatch is reported instead of trapping.
        if !isEngineSemanticsOn, let bound = mutation.bound, bound > messages.elements.count {
            outcome.notes.append("positions of \(mutation) do not fit \(ModelRender.list(messages.elements))")
            return
        }
        switch mutation {
        case .insert(let elements, let indexes): messages.insert(elements, at: Set(indexes))
        case .remove(let indexes): messages.remove(at: Set(indexes))
        case .replace(let indexes, let elements): messages.replace(at: Set(indexes), with: elements)
        }
    }

    /// Mutates `tags` through `mutableSetValue`; returns what `insert(_:)` or `remove(_:)`
    /// returns.
    private func mutateTags(of subject: ModelSubject, _ mutation: SetMutation) -> String? {
        let tags = subject.mutableSetValue(for: \.tags)
        switch mutation {
        case .insert(let element): return String(tags.insert(element))
        case .remove(let element): return ModelRender.optional(tags.remove(element))
        case .formUnion(let other): tags.formUnion(other)
        case .subtract(let other): tags.subtract(other)
        case .formIntersection(let other): tags.formIntersection(other)
        case .removeAll: tags.removeAll()
        }
        return nil
    }

    private func dropSubject(slot: Int, id: Int, replacement: Int, setsInDeinit: Bool) {
        subjects[replacement] = ModelSubject(id: replacement)
        subjectSlots[slot] = replacement
        guard let dying = subjects.removeValue(forKey: id) else {
            outcome.notes.append("no s\(id) to drop")
            return
        }
        if setsInDeinit {
            dying.onDeinit = { [unowned self] subject in
                deinitDepth += 1
                subject.title = ModelValues.closedTitle
                subject.mutableArrayValue(for: \.messages).append(ModelValues.closedLetter)
                deinitDepth -= 1
            }
        }
        track(dying, as: "s\(id)")
    }

    func track(_ object: AnyObject?, as name: String) {
        guard let object else {
            outcome.notes.append("no \(name) to drop")
            return
        }
        dropped.append((name, { [weak object] in object != nil }))
    }
}

extension ArrayMutation {
    /// The size the current array must have at least for these positions: the new array's for
    /// an insertion (minus the inserted), the current one's otherwise.
    var bound: Int? {
        switch self {
        case .insert(let elements, let indexes): indexes.last.map { max($0 + 1 - elements.count, 0) }
        case .remove(let indexes), .replace(let indexes, _): indexes.last.map { $0 + 1 }
        }
    }
}
