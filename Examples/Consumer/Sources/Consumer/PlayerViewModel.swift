import Dispatch
import Observing

/// A model set on a background queue (a download, a socket), as the Threads article advises:
/// its value is an `ObservableProperty`.
final class Player: Sendable {
    let volume = ObservableProperty(0)
}

/// A plain, non-`Sendable` view.
final class VolumeLabel {
    var text = ""
}

/// A main-actor view model that receives background changes on the main queue and updates
/// its label: no `@Sendable`, no `assumeIsolated`, no `nonisolated`, no `@unchecked Sendable`.
@MainActor
final class PlayerViewModel {
    let label = VolumeLabel()
    private(set) var updates = 0
    private var tokens: [ObservationToken] = []

    init(player: Player) {
        player.volume.observe(options: [.new], queue: .main) { change in
            self.label.text = "\(change.newValue ?? 0)"  // main-actor state
            self.updates += 1
        }.store(in: &tokens)
    }
}

@MainActor
func playerViewModelRuns() async {
    let player = Player()
    let model = PlayerViewModel(player: player)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            for level in 1...3 { player.volume.value = level }
            // Queued behind the three changes on the main queue.
            DispatchQueue.main.async { done.resume() }
        }
    }
    print("player:", model.label.text, model.updates)
}
