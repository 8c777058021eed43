import Testing
import ActivityKit

@Suite("LaunchRouter")
struct LaunchRouterTests {
    @Test func startsClosedOrRunning() {
        #expect(LaunchRouter<String>().phase == .closed)
        #expect(LaunchRouter<String>(launched: true).phase == .running)
        #expect(LaunchRouter<String>().pending == 0)
    }

    @Test func openingAClosedAppLaunchesItAndQueues() {
        var router = LaunchRouter<String>()
        let delivered = router.open("siri: Berlin")
        #expect(delivered == [])
        #expect(router.phase == .launching)
        #expect(router.pending == 1)
    }

    @Test func finishLaunchingDeliversTheQueueInOrder() {
        var router = LaunchRouter<String>()
        let launched = router.launch()
        #expect(launched)
        router.open("first")
        router.open("second")
        router.open("third")
        #expect(router.pending == 3)
        let delivered = router.finishLaunching()
        #expect(delivered == ["first", "second", "third"])
        #expect(router.phase == .running)
        #expect(router.pending == 0)
        #expect(router.queue.isEmpty)
    }

    @Test func aRunningAppGetsActionsAtOnce() {
        var router = LaunchRouter<String>(launched: true)
        let tapped = router.open("tap")
        #expect(tapped == ["tap"])
        #expect(router.pending == 0)
        let finished = router.finishLaunching()
        #expect(finished == [])
        let launched = router.launch()
        #expect(!launched)
        #expect(router.phase == .running)
    }

    @Test func launchingTwiceKeepsTheQueue() {
        var router = LaunchRouter<String>()
        router.open("a")
        let launched = router.launch()
        #expect(!launched)
        #expect(router.phase == .launching)
        #expect(router.pending == 1)
    }

    @Test func finishLaunchingAClosedAppLaunchesAndFinishes() {
        var router = LaunchRouter<String>()
        let finished = router.finishLaunching()
        #expect(finished == [])
        #expect(router.phase == .running)
    }

    @Test func terminateDropsTheQueue() {
        var router = LaunchRouter<String>()
        router.open("lost")
        router.terminate()
        #expect(router.phase == .closed)
        #expect(router.pending == 0)
        router.open("next")
        let finished = router.finishLaunching()
        #expect(finished == ["next"])
    }
}
