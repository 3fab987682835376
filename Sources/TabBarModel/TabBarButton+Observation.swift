import Observing

extension TabBarButton: KeyValueObserver {
    /// Applies a change of the item's title, images or badge value.
    ///
    /// Called synchronously by the item's setters on the main actor; changes of an item the
    /// button no longer shows are ignored.
    ///
    /// - Parameters:
    ///   - keyPath: The item's key path that changed.
    ///   - object: The item.
    ///   - change: The change (the new value is read from the item itself).
    ///   - context: The registration's context; only `TabBarButton.context` is handled.
    public nonisolated func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        // `AnyKeyPath` and `AnyObject` are not `Sendable`, so only their identities enter the
        // main-actor closure.
        guard context == Self.context, let property = ItemProperty(keyPath) else { return }
        let itemID = ObjectIdentifier(object)
        MainActor.assumeIsolated {
            guard let item, ObjectIdentifier(item) == itemID else { return }
            apply(property, of: item)
        }
    }

    func startObserving(_ item: TabBarItem?) {
        guard let item else {
            for property in ItemProperty.allCases { apply(property, of: nil) }
            return
        }
        item.addObserver(self, forKeyPath: \.title, options: [.new], context: Self.context)
        item.addObserver(self, forKeyPath: \.image, options: [.new], context: Self.context)
        item.addObserver(self, forKeyPath: \.selectedImage, options: [.new], context: Self.context)
        item.addObserver(self, forKeyPath: \.badgeValue, options: [.new], context: Self.context)
        for property in ItemProperty.allCases { apply(property, of: item) }
    }

    func stopObserving(_ item: TabBarItem) {
        item.removeObserver(self, forKeyPath: \.title, context: Self.context)
        item.removeObserver(self, forKeyPath: \.image, context: Self.context)
        item.removeObserver(self, forKeyPath: \.selectedImage, context: Self.context)
        item.removeObserver(self, forKeyPath: \.badgeValue, context: Self.context)
    }

    private func apply(_ property: ItemProperty, of item: TabBarItem?) {
        switch property {
        case .title: setTitle(item?.title, for: .normal)
        case .image: setImage(item?.image, for: .normal)
        case .selectedImage: setImage(item?.selectedImage, for: .selected)
        case .badgeValue: badgeView.badgeValue = item?.badgeValue
        }
    }
}

/// The `TabBarItem` properties a `TabBarButton` follows, as a `Sendable` value.
private enum ItemProperty: CaseIterable, Sendable {
    case title
    case image
    case selectedImage
    case badgeValue

    /// The property `keyPath` names, or `nil` for another key path.
    nonisolated init?(_ keyPath: AnyKeyPath) {
        switch keyPath {
        case \TabBarItem.title: self = .title
        case \TabBarItem.image: self = .image
        case \TabBarItem.selectedImage: self = .selectedImage
        case \TabBarItem.badgeValue: self = .badgeValue
        default: return nil
        }
    }
}
