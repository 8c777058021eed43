/// Where an app stands in its launch, as the replay and the samples' reducers see it.
public enum LaunchPhase: String, Hashable, Sendable {
    /// Not running: the next event that opens the app launches it.
    case closed
    /// Launched, showing its splash screen; events that open the app are queued.
    case launching
    /// Launch finished: events are delivered immediately.
    case running
}

/// Queues the actions that open an app (a Siri phrase, a Spotlight tap, a continued activity, a
/// Shortcuts run) while the app is closed or on its splash, and hands them over in order when launch
/// finishes — the way an app buffers navigation until its UI exists.
///
/// The router is a plain value: keep it in the app's state and let the reducer deliver what it returns.
///
/// ```swift
/// var router = LaunchRouter<Action>()          // closed
/// router.open(.showFavorite("Berlin"))         // launches, queues: returns []
/// router.pending                               // 1
/// router.finishLaunching()                     // [.showFavorite("Berlin")], now running
/// ```
public struct LaunchRouter<Action> {
    public private(set) var phase: LaunchPhase
    /// Actions waiting for launch to finish, oldest first.
    public private(set) var queue: [Action] = []

    /// A router for an app that starts closed, or already running when `launched` is true.
    public init(launched: Bool = false) {
        phase = launched ? .running : .closed
    }

    /// The number of queued actions (the replay snapshot key `router.pending`).
    public var pending: Int { queue.count }

    /// The system starts the app: closed → launching. Launching or running apps stay as they are.
    /// - Returns: true when this call launched the app.
    @discardableResult
    public mutating func launch() -> Bool {
        guard phase == .closed else { return false }
        phase = .launching
        return true
    }

    /// Something opens the app with `action`. A closed app is launched first; while launching the
    /// action is queued; a running app gets it at once.
    /// - Returns: the actions to deliver now: `[action]` when running, otherwise empty.
    @discardableResult
    public mutating func open(_ action: Action) -> [Action] {
        launch()
        guard phase == .running else {
            queue.append(action)
            return []
        }
        return [action]
    }

    /// Launch finished (a closed app is launched and finished in one go): the app is running and the
    /// queued actions come back in the order they arrived. A running app returns nothing.
    @discardableResult
    public mutating func finishLaunching() -> [Action] {
        launch()
        guard phase == .launching else { return [] }
        phase = .running
        let delivered = queue
        queue.removeAll()
        return delivered
    }

    /// The app is terminated: back to closed. Queued actions are dropped, as a killed app loses them.
    public mutating func terminate() {
        phase = .closed
        queue.removeAll()
    }
}

extension LaunchRouter: Sendable where Action: Sendable {}
extension LaunchRouter: Equatable where Action: Equatable {}
