extension ObservableProperty {
    /// Binds the value one way to a property of `target`, transformed: pushed at once, then
    /// after every change, as `bind(_:to:_:transform:)` binds a key path.
    ///
    /// The current value is written to `target` now, then each new value, in set order,
    /// synchronously on the thread that sets the property. The target is held weakly: once it
    /// deallocates, the binding ends at the next change. The transform is retained until the
    /// binding ends; the binding also ends when the token is invalidated or dropped, or the
    /// property deallocates.
    ///
    /// Written inside a `@MainActor` class or an actor, the transform is isolated to that actor
    /// (as an `observe` handler is), and so is the binding: a change made on another thread
    /// traps, naming the actor, as `MainActor.assumeIsolated` does (SE-0423's dynamic isolation
    /// check). Set the property there, or deliver through a queue with
    /// `observe(options:queue:changeHandler:)`.
    ///
    /// ```swift
    /// let shown = gauge.level.bind(to: label, \.text) { "\($0)" }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The object to write to; not retained.
    ///   - targetKeyPath: The property of `target` to write.
    ///   - transform: Makes the value to write from each value of the property, in the
    ///     isolation it was written in.
    /// - Returns: The token that keeps the binding alive.
    public func bind<Target: AnyObject, TargetValue>(
        to target: Target,
        _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
        @_inheritActorContext transform: @escaping @isolated(any) @Sendable (Value) -> TargetValue
    ) -> ObservationToken {
        bind(
            to: target, targetKeyPath, isolation: transform.isolation,
            transform: IsolatedHandler.synchronous(transform, keyPath: nil))
    }

    /// Binds the value one way to a property of `target` of the same type.
    ///
    /// See `bind(to:_:transform:)` for when the value is pushed, what is retained, and the
    /// actor a binding made inside an actor's isolation belongs to.
    ///
    /// - Parameters:
    ///   - target: The object to write to; not retained.
    ///   - targetKeyPath: The property of `target` to write.
    ///   - isolation: The actor whose isolation the binding is made in; leave the default,
    ///     the caller's.
    /// - Returns: The token that keeps the binding alive.
    public func bind<Target: AnyObject>(
        to target: Target,
        _ targetKeyPath: ReferenceWritableKeyPath<Target, Value>,
        isolation: isolated (any Actor)? = #isolation
    ) -> ObservationToken {
        bind(to: target, targetKeyPath, isolation: isolation, transform: { $0 })
    }

    /// Binds one way, checking that each push runs on `isolation`; the transform checks itself.
    private func bind<Target: AnyObject, TargetValue>(
        to target: Target, _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
        isolation: (any Actor)?, transform: @escaping @Sendable (Value) -> TargetValue
    ) -> ObservationToken {
        let check = isolation.map { IsolatedHandler.Check($0, keyPath: nil) }
        let weakTarget = UncheckedSendable(value: WeakBox(target))
        // Unchecked: a key path is an immutable value.
        let targetKeyPath = UncheckedSendable(value: targetKeyPath)
        return pushEachValue(while: weakTarget) { target, newValue in
            check?.run()
            target[keyPath: targetKeyPath.value] = transform(newValue)
        }
    }

    /// Registers `push` for the current value and each new one, while `target` lives: the
    /// handler ends its own registration at the first change after the target is gone, through
    /// the token it returns (held weakly: the caller owns it).
    private func pushEachValue<Target: AnyObject>(
        while target: UncheckedSendable<WeakBox<Target>>,
        _ push: @escaping @Sendable (Target, Value) -> Void
    ) -> ObservationToken {
        let late = TokenGroup()
        let token = ObservationToken(late)
        let registration = observe(options: [.initial, .new], queue: nil) { [weak token] change in
            guard let target = target.value.value else {
                token?.invalidate()
                return
            }
            guard let newValue = change.newValue else { return }
            push(target, newValue)
        }
        late.attach(registration)
        return token
    }

    /// Binds the value both ways to a property of `other`: a change on either side is written
    /// to the other once, and never echoes back (no ping-pong), as
    /// `bind(_:twoWayTo:_:)` binds two key paths.
    ///
    /// The property's current value is pushed to `other` at once. A side that changes again
    /// while the binding writes to it (an observer that normalizes the value, say) sends that
    /// change back, so both sides end equal: what the side reports during the write is not
    /// sent back (a computed property's setter may store an intermediate value first); once
    /// the write returns, the side is read, and crosses back if it holds another value. A
    /// notification that comes after the write returned (queued behind one the side was
    /// delivering) is skipped when it matches a write still waiting: by value when `Value` is
    /// `Equatable` (NaN matching NaN), else the first one. Both sides are held weakly; the
    /// binding ends when the token is invalidated or dropped, or either side deallocates.
    /// Changes cross synchronously on the setting thread: `other` is written on whatever
    /// thread sets the property, so set the property in `other`'s isolation domain.
    ///
    /// ```swift
    /// let synced = gauge.level.bind(twoWayTo: slider, \.value)
    /// ```
    ///
    /// - Parameters:
    ///   - other: The object on the other side; not retained.
    ///   - otherKeyPath: The property of `other`.
    /// - Returns: The token that keeps the binding alive.
    public func bind<Other: KeyValueObservable>(
        twoWayTo other: Other, _ otherKeyPath: ReferenceWritableKeyPath<Other, Value>
    ) -> ObservationToken {
        let (toSelf, toOther) = (TwoWayEchoes<Value>(), TwoWayEchoes<Value>())
        // Unchecked: the binding's callbacks run where the two sides are set, as the sides'
        // values do (see the discussion).
        let weakOther = UncheckedSendable(value: WeakBox(other))
        let otherKeyPathBox = UncheckedSendable(value: otherKeyPath)
        @Sendable func side(_ other: Other) -> TwoWayEchoes<Value>.Side {
            .init(
                echoes: toOther, read: { other[keyPath: otherKeyPathBox.value] },
                write: { other[keyPath: otherKeyPathBox.value] = $0 })
        }
        let group = TokenGroup()
        // Held weakly: the token the caller keeps owns it. Unchecked: the box is only read, to
        // ask the group (which locks) whether the binding is still valid.
        let binding = UncheckedSendable(value: WeakBox(group))
        let isBound: @Sendable () -> Bool = { binding.value.value?.isValid == true }
        // The backward direction registers first, so that it sees (and skips) the echo of the
        // initial push. It ends with this property, its anchor.
        group.attach(
            other.push(otherKeyPath, options: [.new], to: self, site: nil) { other, property, newValue in
                if toOther.consumeEcho(of: newValue) { return }
                TwoWayEchoes.cross(newValue, to: property.side(toSelf), from: side(other), while: isBound)
            })
        // Held weakly: the registration belongs to this property. Unchecked: the box is only
        // read; the property itself is safe to use from any thread.
        let weakSelf = UncheckedSendable(value: WeakBox(self))
        group.attach(
            pushEachValue(while: weakOther) { other, newValue in
                guard !toSelf.consumeEcho(of: newValue), let property = weakSelf.value.value else { return }
                TwoWayEchoes.cross(newValue, to: side(other), from: property.side(toSelf), while: isBound)
            })
        return ObservationToken(group)
    }

    /// This property as one side of a two-way binding, recorded by `echoes`.
    private func side(_ echoes: TwoWayEchoes<Value>) -> TwoWayEchoes<Value>.Side {
        .init(echoes: echoes, read: { self.value }, write: { self.value = $0 })
    }
}
