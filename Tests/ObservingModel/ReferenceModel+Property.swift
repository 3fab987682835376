import Observing

extension ReferenceModel {
    /// A set of the `ObservableProperty`.
    ///
    /// Stored at once and numbered; the first setter delivers it and then every change queued
    /// meanwhile (from handlers), each to the registrations of that moment that were made before
    /// the change. A registration gets its prior call and its after call one after the other,
    /// before the next registration is called.
    func setProperty(_ value: Int) {
        let old = property.value
        property.value = value
        property.version += 1
        let item = Property.Item(old: old, new: value, version: property.version)
        if property.isDraining {
            property.pending.append(item)
        } else if !property.entries.isEmpty {
            property.isDraining = true
            deliverProperty(item, to: property.entries)
            property.isDraining = false
            drainProperty()
        }
    }

    /// Registers on the property; with `.initial`, queues the initial call (delivered at once
    /// unless a notification of the property is in progress).
    func startOnProperty(_ registration: Registration) {
        registration.firstVersion = property.version
        property.entries.append(registration.id)
        if registration.options.contains(.initial) {
            property.pending.append(
                Property.Item(new: property.value, version: property.version, target: registration.id))
            drainProperty()
        }
    }

    private func drainProperty() {
        guard !property.isDraining else { return }
        property.isDraining = true
        while !property.pending.isEmpty {
            let next = property.pending.removeFirst()
            deliverProperty(next, to: property.entries)
        }
        property.isDraining = false
    }

    private func deliverProperty(_ item: Property.Item, to snapshot: [Int]) {
        let old = item.old.map(String.init)
        let new = String(item.new)
        if let target = item.target {
            if let registration = registrations[target], registration.isActive {
                deliver(to: registration, Call(new: new), phase: .initial)
            }
            return
        }
        for id in snapshot {
            guard let registration = registrations[id], item.version > registration.firstVersion else {
                continue
            }
            if registration.options.contains(.prior), registration.isActive {
                deliver(to: registration, Call(old: old, new: new, isPrior: true), phase: .prior)
            }
            if registration.isActive {
                deliver(to: registration, Call(old: old, new: new), phase: .after)
            }
        }
    }
}
