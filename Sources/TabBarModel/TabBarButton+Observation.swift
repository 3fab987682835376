import Observing

extension TabBarButton: @preconcurrency KeyValueObserver {
    /// Applies a change of the item's title, images or badge value.
    ///
    /// Called synchronously by the item's setters, on the main actor: the `@preconcurrency`
    /// conformance checks it at each call, so a set of an item made off the main actor traps
    /// instead of touching the button from another thread. Changes of an item the button no
    /// longer shows are ignored.
    ///
    /// - Parameters:
    ///   - keyPath: The item's key path that changed.
    ///   - object: The item.
    ///   - change: The change (the new value is read from the item itself).
    ///   - context: The registration's context; only `TabBarButton.context` is handled.
    public func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        guard context == Self.context, let property = ItemProperty(keyPath), let item, item === object
        else { return }
        apply(property, of: item)
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

/// The `TabBarItem` properties a `TabBarButton` follows.
private enum ItemProperty: CaseIterable {
    case title
    case image
    case selectedImage
    case badgeValue

    /// The property `keyPath` names, or `nil` for another key path.
    init?(_ keyPath: AnyKeyPath) {
        switch keyPath {
        case \TabBarItem.title: self = .title
        case \TabBarItem.image: self = .image
        case \TabBarItem.selectedImage: self = .selectedImage
        case \TabBarItem.badgeValue: self = .badgeValue
        default: return nil
        }
    }
}
