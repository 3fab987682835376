import Observing

extension LiveWorld {
    /// Makes an observation with the library and keeps its token.
    func observe(_ plan: RegistrationPlan) {
        if plan.isQueued {
            hasQueuedRegistrations = true
        } else if plan.options.contains(.initial) {
            pendingInitialCalls.insert(plan.token)
        }
        if let reaction = plan.reaction { reactions[plan.token] = (reaction.id, reaction.phase) }
        // A queued handler's first call, run by a drain, is its initial one.
        if plan.isQueued, plan.options.contains(.initial) { pendingInitialCalls.insert(plan.token) }
        let queue = plan.isQueued ? self.queue : nil
        let token: ObservationToken
        switch plan.place {
        case .subject(let id, let keyPath):
            guard let subject = subjects[id] else {
                outcome.notes.append("no s\(id) to observe")
                return
            }
            switch keyPath {
            case .title:
                token = subject.observe(
                    \.title, options: plan.options, queue: queue,
                    changeHandler: handler(plan) {
                        ModelRender.text($0.title)
                    })
            case .messages:
                token = subject.observe(
                    \.messages, options: plan.options, queue: queue,
                    changeHandler: handler(plan) {
                        ModelRender.list($0.messages)
                    })
            case .summary:
                token = subject.observe(
                    \.summary, options: plan.options, queue: queue,
                    changeHandler: handler(plan) {
                        ModelRender.text($0.summary)
                    })
            case .chain:
                token = subject.observe(
                    \.child?.name, options: plan.options, queue: queue,
                    changeHandler: handler(plan) {
                        ModelRender.optional($0.child?.name)
                    })
            case .tags:
                token = subject.observe(
                    \.tags, options: plan.options, queue: queue,
                    changeHandler: handler(plan) {
                        ModelRender.set($0.tags)
                    })
            case .note:
                token = subject.observe(
                    \.note, options: plan.options, queue: queue,
                    changeHandler: handler(plan) {
                        ModelRender.text($0.note)
                    })
            }
        case .child(let index):
            token = children[index].observe(
                \.name, options: plan.options, queue: queue,
                changeHandler: handler(plan) {
                    ModelRender.text($0.name)
                })
        case .field(let index):
            token = fields[index].observe(
                \.text, options: plan.options, queue: queue,
                changeHandler: handler(plan) {
                    ModelRender.text($0.text)
                })
        case .property:
            let id = plan.token
            let isQueued = plan.isQueued
            let probe = probe(for: plan)
            token = property.observe(options: plan.options, queue: queue) { [unowned self] change in
                withExtendedLifetime(probe) {}
                let line = ModelRender.call(
                    kind: change.kind, indexes: change.indexes, old: change.oldValue.map(String.init),
                    new: change.newValue.map(String.init), isPrior: change.isPrior, reads: nil)
                if isQueued {
                    recordQueued("t\(id)", line)
                    react(id, isPrior: change.isPrior)
                } else {
                    record("t\(id)", line)
                    react(id, isPrior: change.isPrior)
                }
            }
        case .replaceable:
            outcome.notes.append("the replaceable property is observed with its own action")
            return
        case .viewModel(let id, let keyPath):
            guard let made = observe(plan, viewModel: id, keyPath) else { return }
            token = made
        case .switching(let keyPath):
            token = observe(plan, switching: keyPath)
        }
        tokens[plan.token] = token
    }

    /// A handler that records each call, with what the key path reads during it (synchronous
    /// handlers only), and fires the observation's reaction.
    func handler<Root, Value: ModelRenderable>(
        _ plan: RegistrationPlan, reads: @escaping @Sendable (Root) -> String
    ) -> @Sendable (Root, KeyValueObservedChange<Value>) -> Void {
        let id = plan.token
        let isQueued = plan.isQueued
        let probe = probe(for: plan)
        return { [unowned self] object, change in
            withExtendedLifetime(probe) {}
            let line = ModelRender.call(
                kind: change.kind, indexes: change.indexes, old: change.oldValue.map(\.modelRendering),
                new: change.newValue.map(\.modelRendering), isPrior: change.isPrior,
                reads: isQueued ? nil : reads(object))
            if isQueued {
                recordQueued("t\(id)", line)
                react(id, isPrior: change.isPrior)
            } else {
                record("t\(id)", line)
                react(id, isPrior: change.isPrior)
            }
        }
    }

    /// Registers an observer with the library, creating it if the model says it is new.
    func addObserver(_ plan: ObserverPlan) {
        if plan.createsObserver { observers[plan.observer] = ModelObserver(id: plan.observer, world: self) }
        guard let observer = observers[plan.observer], let subject = subjects[plan.subject] else {
            outcome.notes.append("no o\(plan.observer) or s\(plan.subject) to register")
            return
        }
        if let reaction = plan.reaction { observer.reaction = (reaction.id, reaction.phase) }
        if plan.options.contains(.initial) { observer.pendingInitialCalls += 1 }
        let context = plan.context.map { contexts[$0] }
        switch plan.keyPath {
        case .title:
            subject.addObserver(observer, forKeyPath: \.title, options: plan.options, context: context)
        case .messages:
            subject.addObserver(observer, forKeyPath: \.messages, options: plan.options, context: context)
        case .summary:
            subject.addObserver(observer, forKeyPath: \.summary, options: plan.options, context: context)
        case .chain:
            subject.addObserver(observer, forKeyPath: \.child?.name, options: plan.options, context: context)
        case .tags:
            subject.addObserver(observer, forKeyPath: \.tags, options: plan.options, context: context)
        case .note:
            subject.addObserver(observer, forKeyPath: \.note, options: plan.options, context: context)
        }
    }

    func removeObserver(
        _ observer: ModelObserver, from subject: ModelSubject, _ keyPath: SubjectKeyPath,
        context: ObservationContext?
    ) -> Bool {
        switch keyPath {
        case .title: subject.removeObserver(observer, forKeyPath: \.title, context: context)
        case .messages: subject.removeObserver(observer, forKeyPath: \.messages, context: context)
        case .summary: subject.removeObserver(observer, forKeyPath: \.summary, context: context)
        case .chain: subject.removeObserver(observer, forKeyPath: \.child?.name, context: context)
        case .tags: subject.removeObserver(observer, forKeyPath: \.tags, context: context)
        case .note: subject.removeObserver(observer, forKeyPath: \.note, context: context)
        }
    }

    /// Records an observer's call (with which of its registrations it is for) and fires the
    /// observer's reaction if the call is in its phase.
    func observerWasCalled(
        _ observer: ModelObserver, keyPath: AnyKeyPath, object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        guard let subject = object as? ModelSubject, let path = SubjectKeyPath(matching: keyPath) else {
            outcome.notes.append("o\(observer.id) was called for \(keyPath) of \(object)")
            return
        }
        let old: String?
        let new: String?
        let reads: String
        switch path {
        case .title, .summary, .note:
            old = change.oldValue(as: String.self).map(ModelRender.text)
            new = change.newValue(as: String.self).map(ModelRender.text)
            let value =
                switch path {
                case .title: subject.title
                case .note: subject.note
                default: subject.summary
                }
            reads = ModelRender.text(value)
        case .tags:
            old = change.oldValue(as: Set<String>.self).map(ModelRender.set)
            new = change.newValue(as: Set<String>.self).map(ModelRender.set)
            reads = ModelRender.set(subject.tags)
        case .messages:
            old = change.oldValue(as: [String].self).map(ModelRender.list)
            new = change.newValue(as: [String].self).map(ModelRender.list)
            reads = ModelRender.list(subject.messages)
        case .chain:
            old = change.oldValue(as: String?.self).map(ModelRender.optional)
            new = change.newValue(as: String?.self).map(ModelRender.optional)
            reads = ModelRender.optional(subject.child?.name)
        }
        record(
            "o\(observer.id)",
            ModelRender.call(
                kind: change.kind, indexes: change.indexes, old: old, new: new, isPrior: change.isPrior,
                reads: reads,
                prefix: ModelRender.observerPrefix(
                    keyPath: path, subject: subject.id,
                    context: context.flatMap { contexts.firstIndex(of: $0) })))
        let phase: ReactionPhase
        if observer.pendingInitialCalls > 0 {
            observer.pendingInitialCalls -= 1
            phase = .initial
        } else {
            phase = change.isPrior ? .prior : .after
        }
        guard deinitDepth == 0, let reaction = observer.reaction, reaction.phase == phase else { return }
        observer.reaction = nil
        fire(reaction.id)
    }
}

/// A value the model-based test writes down as `ModelRender` does.
protocol ModelRenderable: SendableMetatype {
    var modelRendering: String { get }
}

extension String: ModelRenderable {
    var modelRendering: String { ModelRender.text(self) }
}

extension Array: ModelRenderable where Element == String {
    var modelRendering: String { ModelRender.list(self) }
}

extension Set: ModelRenderable where Element == String {
    var modelRendering: String { ModelRender.set(self) }
}

extension Optional: ModelRenderable where Wrapped == String {
    var modelRendering: String { ModelRender.optional(self) }
}
