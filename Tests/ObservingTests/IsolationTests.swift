import Dispatch
import Foundation
import Observing
import Testing

/// Handlers written in an actor's isolation run there, and only there: a set made elsewhere
/// traps (checked in child processes), a nonisolated or queued registration is never checked.
@Suite struct IsolationTests {
    @MainActor @Test func aMainActorHandlerUsesMainActorStateOnASameActorSet() {
        let model = IsolationCounter()
        let view = MainActorView()
        view.show(model)
        #expect(view.lines == ["0"])
        model.value = 4
        #expect(view.lines == ["0", "4"])
    }

    @Test func anActorHandlerRunsOnItsActor() async {
        let owner = CounterOwner()
        #expect(await owner.bump() == [1])
        #expect(await owner.bump() == [1, 2])
    }

    @MainActor @Test func anObservablePropertyHandlerOnTheMainActorSeesSameActorSets() {
        let view = MainActorView()
        let property = ObservableProperty(0)
        view.show(property)
        property.value = 2
        #expect(view.lines == ["property 2"])
    }

    @MainActor @Test func aTransformAndABindingMadeOnTheMainActorPushOnSameActorSets() {
        let model = IsolationCounter()
        let view = MainActorView()
        view.bind(model)
        model.value = 5
        #expect(view.target.text == "5")
        #expect(view.target.count == 5)
        #expect(view.lines == ["transform 0", "transform 5"])
    }

    @Test func aNonisolatedHandlerRunsOnAnyThreadUnchecked() {
        let model = IsolationCounter()
        let seen = Recorder<Int>()
        let token = model.observe(\.value, options: [.new]) { _, change in
            seen.record(change.newValue ?? -1)
        }
        let box = UncheckedModel(model)
        DispatchQueue.global().sync { box.model.value = 9 }
        #expect(seen.events == [9])
        token.invalidate()
    }

    @Test func aMainActorHandlerTrapsOnASetOffTheMainActor() async {
        await #expect(processExitsWith: .failure) {
            await IsolationTraps.setOffTheMainActorAfterRegisteringOnIt()
        }
    }

    /// The trap's message, read from a child run of this test executable (this toolchain's
    /// exit tests do not hand back the child's standard error).
    @Test func theTrapNamesTheKeyPathAndTheActor() throws {
        let message = try TrapChild.standardError(ofTest: "trapChildSetsOffTheMainActor")
        // Swift prints an `@Observed` property's key path as a computed one
        // (`\IsolationCounter.<computed 0x... (Int)>`); the message names it as written.
        #expect(
            message.contains(
                "Observing: a change of \\IsolationCounter.value was made off Swift.MainActor, the actor its "
                    + "handler is isolated to; set the property on Swift.MainActor, or register from a "
                    + "nonisolated context or with a queue"))
        #expect(!message.contains("<computed"))
    }

    /// A computed key path, which Swift prints with an address, is named by its root and value
    /// types and the registering call.
    @Test func theTrapNamesAComputedKeyPathByItsTypesAndCallSite() throws {
        let message = try TrapChild.standardError(ofTest: "trapChildOfAComputedKeyPath")
        #expect(
            message.contains(
                "Observing: a change of a computed property of IsolationCounter (Int) (registered at "
                    + "ObservingTests/IsolationTests.swift:\(IsolationTraps.computedRegistrationLine)) was made "
                    + "off Swift.MainActor"))
        #expect(!message.contains("<computed"))
    }

    /// Runs only in the child that `theTrapNamesAComputedKeyPathByItsTypesAndCallSite()` starts.
    @Test(.enabled(if: TrapChild.isChild)) func trapChildOfAComputedKeyPath() async {
        await IsolationTraps.setOffTheMainActorWithAComputedKeyPath()
    }

    /// Runs only in the child that `theTrapNamesTheKeyPathAndTheActor()` starts.
    @Test(.enabled(if: TrapChild.isChild)) func trapChildSetsOffTheMainActor() async {
        await IsolationTraps.setOffTheMainActorAfterRegisteringOnIt()
    }

    @Test func aMainActorObserverTrapsOnASetOffTheMainActor() async {
        await #expect(processExitsWith: .failure) {
            await IsolationTraps.setOffTheMainActorWithAMainActorObserver()
        }
    }

    @Test func aMainActorBindingTrapsOnASetOffTheMainActor() async {
        await #expect(processExitsWith: .failure) {
            await IsolationTraps.setOffTheMainActorWithABinding()
        }
    }
}

/// What the exit tests run in their child processes: register on the main actor, then set
/// the model from a dispatch worker thread.
enum IsolationTraps {
    static func setOffTheMainActorAfterRegisteringOnIt() async {
        let box = await MainActor.run {
            let model = IsolationCounter()
            let token = model.observe(\.value, options: [.new]) { _, _ in }
            return UncheckedModel(model, keeping: token)
        }
        DispatchQueue.global().sync { box.model.value = 1 }
    }

    /// The line of the registration `setOffTheMainActorWithAComputedKeyPath()` makes.
    static let computedRegistrationLine = #line + 5

    static func setOffTheMainActorWithAComputedKeyPath() async {
        let box = await MainActor.run {
            let model = IsolationCounter()
            let token = model.observe(\.doubled, options: [.new]) { _, _ in }
            return UncheckedModel(model, keeping: token)
        }
        DispatchQueue.global().sync { box.model.value = 1 }
    }

    static func setOffTheMainActorWithAMainActorObserver() async {
        let box = await MainActor.run {
            let model = IsolationCounter()
            let observer = MainActorObserver()
            model.addObserver(observer, forKeyPath: \.value, options: [.new])
            return UncheckedModel(model, keeping: observer)
        }
        DispatchQueue.global().sync { box.model.value = 1 }
    }

    static func setOffTheMainActorWithABinding() async {
        let box = await MainActor.run {
            let model = IsolationCounter()
            let view = MainActorView()
            view.bind(model)
            return UncheckedModel(model, keeping: view)
        }
        DispatchQueue.global().sync { box.model.value = 1 }
    }
}

/// Runs one test of this executable in a child process and returns its standard error.
enum TrapChild {
    static let variable = "OBSERVING_TRAP_CHILD"
    static var isChild: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// The standard error of a child run of test `name`.
    ///
    /// It goes to a file, not a pipe: a crash reporter the child starts may keep a pipe open
    /// after the child is gone (seen under AddressSanitizer), and no reporter runs
    /// (`SWIFT_BACKTRACE=enable=no`). The child gets 60 s, then is stopped.
    static func standardError(ofTest name: String) throws -> String {
        try run(test: name).standardError
    }

    /// The exit status and standard error of a child run of test `name` (see
    /// `standardError(ofTest:)`).
    static func run(test name: String) throws -> (status: Int32, standardError: String) {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("observing-trap-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let errors = try FileHandle(forWritingTo: output)
        defer { try? errors.close() }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", name]
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        let deadline = Date().addingTimeInterval(60)
        while child.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if child.isRunning { child.terminate() }
        child.waitUntilExit()
        return (child.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }
}

final class IsolationCounter: KeyValueObservable {
    @Observed var value = 0
    var doubled: Int { value * 2 }
}

/// Carries a model (and what keeps its registration alive) to another thread, to make a set
/// there: unchecked, because that set is the point of the test.
struct UncheckedModel: @unchecked Sendable {
    let model: IsolationCounter
    let kept: AnyObject?

    init(_ model: IsolationCounter, keeping kept: AnyObject? = nil) {
        self.model = model
        self.kept = kept
    }
}

final class BindingTarget {
    var text = ""
    var count = 0
}

@MainActor final class MainActorView {
    var lines: [String] = []
    let target = BindingTarget()
    var tokens: [ObservationToken] = []

    func show(_ model: IsolationCounter) {
        model.observe(\.value, options: [.initial, .new]) { _, change in
            self.lines.append("\(change.newValue ?? -1)")
        }.store(in: &tokens)
    }

    func show(_ property: ObservableProperty<Int>) {
        property.observe(options: [.new]) { change in
            self.lines.append("property \(change.newValue ?? -1)")
        }.store(in: &tokens)
    }

    func bind(_ model: IsolationCounter) {
        model.bind(\.value, to: target, \.text) { value in
            self.lines.append("transform \(value)")
            return "\(value)"
        }.store(in: &tokens)
        model.bind(\.value, to: target, \.count).store(in: &tokens)
    }
}

@MainActor final class MainActorObserver: @preconcurrency KeyValueObserver {
    var calls = 0

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        calls += 1
    }
}

actor CounterOwner {
    let model = IsolationCounter()
    var seen: [Int] = []
    var token: ObservationToken?

    func bump() -> [Int] {
        if token == nil {
            token = model.observe(\.value, options: [.new]) { _, change in
                self.seen.append(change.newValue ?? -1)
            }
        }
        model.value += 1
        return seen
    }
}
