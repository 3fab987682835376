extension KeyValueObservable {
    /// Binds the value at `keyPath` one way to a property of `target`, as AppKit's Cocoa
    /// bindings or Combine's `assign(to:on:)` do, through `transform`.
    ///
    /// The current value is pushed at once, then every change, synchronously on the thread
    /// that set the source (so set the source where the target may be written). The target is
    /// held weakly: once it deallocates the binding is neither called nor counted by
    /// `observerCount(for:)`. The binding ends when the token is invalidated or dropped, or
    /// the source deallocates.
    ///
    /// Made inside a `@MainActor` class or an actor, the binding belongs to that actor: the
    /// transform may use the actor's state, and a change of the source made off the actor traps,
    /// naming the key path and the actor (SE-0423's dynamic isolation check), instead of
    /// writing the target from another thread. Made in a nonisolated context, the transform is
    /// `@Sendable` and the target is written on whatever thread sets the source.
    ///
    /// ```swift
    /// let binding = item.bind(\.badgeValue, to: label, \.text) { $0 ?? "-" }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The source value.
    ///   - target: The object to write to; not retained.
    ///   - targetKeyPath: The property of `target` to write.
    ///   - file: Where the binding is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the binding call; `#line` by default (see `file`).
    ///   - transform: Turns a source value into a target value, in the isolation it was written in.
    /// - Returns: The token that keeps the binding alive.
    public func bind<Value, Target: AnyObject, TargetValue>(
        _ keyPath: KeyPath<Self, Value>,
        to target: Target,
        _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
        file: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext transform: @escaping @isolated(any) @Sendable (Value) -> TargetValue
    ) -> ObservationToken {
        bind(
            keyPath, to: target, targetKeyPath, isolation: transform.isolation, site: (file, line, "binding"),
            transform: IsolatedHandler.synchronous(transform, keyPath: keyPath))
    }

    /// Binds one way, checking that each push runs on `isolation`; the transform checks itself.
    private func bind<Value, Target: AnyObject, TargetValue>(
        _ keyPath: KeyPath<Self, Value>, to target: Target,
        _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>, isolation: (any Actor)?,
        site: (file: StaticString, line: UInt, delivery: String),
        transform: @escaping @Sendable (Value) -> TargetValue
    ) -> ObservationToken {
        let check = isolation.map {
            IsolatedHandler.Check($0, keyPath: keyPath, file: site.file, line: site.line)
        }
        return push(keyPath, options: [.initial, .new], to: target, site: site) { object, target, newValue in
            check?.run(on: object)
            target[keyPath: targetKeyPath] = transform(newValue)
        }
    }

    /// Binds the value at `keyPath` one way to a property of `target` of the same type.
    ///
    /// See `bind(_:to:_:transform:)` for when the value is pushed, what is retained, and the
    /// actor a binding made inside an actor's isolation belongs to.
    ///
    /// - Parameters:
    ///   - keyPath: The source value.
    ///   - target: The object to write to; not retained.
    ///   - targetKeyPath: The property of `target` to write.
    ///   - isolation: The actor whose isolation the binding is made in; leave the default,
    ///     the caller's.
    ///   - file: Where the binding is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the binding call; `#line` by default (see `file`).
    /// - Returns: The token that keeps the binding alive.
    public func bind<Value, Target: AnyObject>(
        _ keyPath: KeyPath<Self, Value>,
        to target: Target,
        _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> ObservationToken {
        bind(
            keyPath, to: target, targetKeyPath, isolation: isolation, site: (file, line, "binding"),
            transform: { $0 })
    }

    /// Binds two observable properties both ways: a change on either side is written to the
    /// other once, and never echoes back (no ping-pong).
    ///
    /// This object's current value is pushed to `other` at once. A side that changes again
    /// while the binding writes to it (an observer that normalizes the value, say) sends that
    /// change back, so both sides end equal: what the side reports during the write is not
    /// sent back (a computed property's setter may store an intermediate value first); once
    /// the write returns, the side is read, and crosses back if it holds another value. A
    /// notification that comes after the write returned (queued behind one the side was
    /// delivering) is skipped when it matches a write still waiting: by value when `Value` is
    /// `Equatable` (NaN matching NaN), else the first one. Both objects are held weakly; the
    /// binding ends when the token is invalidated or dropped, or either side deallocates.
    /// Changes cross synchronously on the setting thread, so keep both objects in one isolation
    /// domain.
    ///
    /// ```swift
    /// let sync = draft.bind(\.text, twoWayTo: editor, \.text)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property of this object.
    ///   - other: The other object.
    ///   - otherKeyPath: The property of `other`.
    ///   - file: Where the binding is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the binding call; `#line` by default (see `file`).
    /// - Returns: The token that keeps the binding alive.
    public func bind<Other: KeyValueObservable, Value>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value>,
        twoWayTo other: Other,
        _ otherKeyPath: ReferenceWritableKeyPath<Other, Value>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> ObservationToken {
        let (toSelf, toOther) = (TwoWayEchoes<Value>(), TwoWayEchoes<Value>())
        let group = TokenGroup()
        // Held weakly: the token the caller keeps owns it.
        let binding = WeakBox(group)
        let isBound = { binding.value?.isValid == true }
        // The backward direction registers first, so that it sees (and skips) the echo of the
        // initial push.
        group.attach(
            other.bindCrossing(
                otherKeyPath, to: self, keyPath, echoes: (arriving: toOther, leaving: toSelf),
                options: [.new],
                site: (file, line, "binding"), while: isBound))
        group.attach(
            bindCrossing(
                keyPath, to: other, otherKeyPath, echoes: (arriving: toSelf, leaving: toOther),
                options: [.initial, .new], site: (file, line, "binding"), while: isBound))
        return ObservationToken(group)
    }

    /// One direction of a two-way binding: skips the echoes of the other direction's writes to
    /// this side (`arriving`), and carries the other changes to the target, whose side
    /// `leaving` records (`TwoWayEchoes.cross`), while the binding is valid (`isBound`).
    private func bindCrossing<Target: AnyObject, Value>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value>, to target: Target,
        _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
        echoes: (arriving: TwoWayEchoes<Value>, leaving: TwoWayEchoes<Value>),
        options: KeyValueObservingOptions,
        site: (file: StaticString, line: UInt, delivery: String),
        while isBound: @escaping () -> Bool
    ) -> ObservationToken {
        push(keyPath, options: options, to: target, site: site) { object, target, newValue in
            if echoes.arriving.consumeEcho(of: newValue) { return }
            TwoWayEchoes.cross(
                newValue,
                to: .init(
                    echoes: echoes.leaving, read: { target[keyPath: targetKeyPath] },
                    write: { target[keyPath: targetKeyPath] = $0 }),
                from: .init(
                    echoes: echoes.arriving, read: { object[keyPath: keyPath] },
                    write: { object[keyPath: keyPath] = $0 }),
                while: isBound)
        }
    }

    /// Registers for `keyPath` a callback that hands each value to `write` with `target`.
    ///
    /// `target` is held weakly: it is the registration's anchor, whose end ends it. The value
    /// is the change's new value, or for a to-many change (whose new value holds only the
    /// affected elements) the whole value the property now reads.
    func push<Target: AnyObject, Value>(
        _ keyPath: KeyPath<Self, Value>, options: KeyValueObservingOptions, to target: Target,
        site: (file: StaticString, line: UInt, delivery: String)?,
        _ write: @escaping (Self, Target, Value) -> Void
    ) -> ObservationToken {
        let weakTarget = UncheckedSendable(value: WeakBox(target))
        return register(keyPath, options: options, anchor: target, site: site) { object, change in
            guard let target = weakTarget.value.value,
                let newValue = change.kind == .setting ? change.newValue : object[keyPath: keyPath]
            else { return false }
            write(object, target, newValue)
            return true
        }
    }
}
