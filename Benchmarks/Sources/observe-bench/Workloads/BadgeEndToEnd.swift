import TabBarModel

/// W6: end to end through TabBarModel: set `TabBarItem.badgeValue`; the bound
/// `TabBarButton`, observing its item with a context, updates its `BadgeView`'s content.
enum BadgeEndToEnd {
    static func badgeCase() -> BenchCase {
        BenchCase(
            strategy: EndToEnd.strategy, workload: .badgeEndToEnd,
            plan: .timed(deliveriesPerOperation: 1) { @MainActor in
                let item = TabBarItem(title: "Inbox")
                let button = TabBarButton(item: item)
                // Distinct consecutive values that all fit the badge ("1" ... "999").
                let values = (1...999).map(String.init)
                var next = 0
                return TimedRun(run: { @MainActor count in
                    for _ in 0..<count {
                        item.badgeValue = values[next]
                        next = next == values.count - 1 ? 0 : next + 1
                        if case .text(let text) = button.badgeView.content {
                            Sink.add(text.utf8.count)
                        }
                    }
                })
            })
    }
}

/// The row of the product paths, W6 and W8.
enum EndToEnd {
    static let strategy = Strategy(id: "app", name: "TabBarModel / demo end to end")
}
