import Foundation
import Testing
import ActivityKit
import Hairdressers
import PropertyList

/// The reducer alone: what each action does to the state and which effects it asks for, in order.
@Suite("Hairdressers reducer")
struct HairdressersFeatureTests {
    let feature = HairdressersFeature()
    let jane = Appointment(hairdresser: "Jane", day: "Monday")

    @Test func savingAskedForTheStoreFirstAndDonatesOnlyAfter() {
        var state = HairdressersFeature.State(launched: true)
        let save = feature.reduce(into: &state, action: .saveAppointmentTapped(jane))
        #expect(save == [.saveAppointment(jane, donate: true)])
        #expect(state.appointments.isEmpty, "nothing shows before the store saved it")
        let saved = feature.reduce(into: &state, action: .appointmentSaved(jane, donate: true))
        #expect(saved == [.donate(AppointmentShortcut.activity(for: jane))])
        #expect(state.appointments == [jane])
    }

    @Test func aRepeatAppointmentIsStoredButNotDonatedAgain() {
        var state = HairdressersFeature.State(launched: true)
        #expect(feature.reduce(into: &state, action: .repeatAppointmentRequested(jane)) == [.saveAppointment(jane, donate: false)])
        #expect(feature.reduce(into: &state, action: .appointmentSaved(jane, donate: false)) == [])
        #expect(state.appointments == [jane])
    }

    @Test func openingAClosedAppQueuesUntilLaunchFinishes() {
        var state = HairdressersFeature.State()
        #expect(state.screen == "closed")
        let ann = Appointment(hairdresser: "Ann", day: "Friday")
        #expect(feature.reduce(into: &state, action: .systemOpened(.repeatAppointmentRequested(jane))) == [])
        #expect(feature.reduce(into: &state, action: .systemOpened(.repeatAppointmentRequested(ann))) == [])
        #expect(state.screen == "splash")
        #expect(state.router.pending == 2)
        let delivered = feature.reduce(into: &state, action: .launchFinished)
        #expect(delivered == [.saveAppointment(jane, donate: false), .saveAppointment(ann, donate: false)])
        #expect(state.screen == "appointments")
        #expect(state.router.pending == 0)
    }

    @Test func launchShowsTheSplash() {
        var state = HairdressersFeature.State()
        #expect(feature.reduce(into: &state, action: .launched) == [])
        #expect(state.screen == "splash")
        #expect(feature.reduce(into: &state, action: .launchFinished) == [])
        #expect(state.screen == "appointments")
    }

    @Test func contactsAreSavedThenListed() {
        var state = HairdressersFeature.State(launched: true)
        let zoe = Hairdresser(id: .init(), name: "Zoë", phoneNumber: nil)
        #expect(feature.reduce(into: &state, action: .addHairdresserTapped(zoe)) == [.saveHairdresser(zoe)])
        #expect(state.hairdressers.isEmpty)
        #expect(feature.reduce(into: &state, action: .personImported(zoe)) == [.saveHairdresser(zoe)])
        #expect(feature.reduce(into: &state, action: .hairdresserSaved(zoe)) == [])
        #expect(state.hairdressers == [zoe])
    }

    @Test(arguments: [("Jane", "Monday"), ("Zoë Martin", "next Tuesday"), ("O'Brien", "1 May")])
    func theDonatedActivityFollowsTheSeed(_ hairdresser: String, _ day: String) throws {
        let activity = AppointmentShortcut.activity(for: Appointment(hairdresser: hairdresser, day: day))
        #expect(activity.activityType == "com.donnywals.hairdressers.appointment")
        #expect(activity.title == "Book an appointment with \(hairdresser) for \(day)")
        #expect(activity.suggestedInvocationPhrase == activity.title)
        #expect(activity.persistentIdentifier == "\(hairdresser)-\(day)")
        #expect(activity.userInfo == ["hairdresser": .string(hairdresser), "day": .string(day)])
        #expect(activity.requiredUserInfoKeys == ["hairdresser", "day"])
        #expect(activity.isEligibleForPrediction)
        #expect(!activity.isEligibleForSearch)
        #expect(activity.donationWarnings.isEmpty)
        #expect(try activity.validated().isEmpty)
        #expect(AppointmentShortcut.appointment(from: activity) == Appointment(hairdresser: hairdresser, day: day))
    }

    @Test func replayIdsCountUp() {
        let next = HairdressersDependencies.incrementingUUIDs()
        let ids = (1...16).map { _ in next().uuidString }
        #expect(ids.first == "00000000-0000-0000-0000-000000000001")
        #expect(ids[1] == "00000000-0000-0000-0000-000000000002")
        #expect(ids.last == "00000000-0000-0000-0000-000000000010")
        #expect(HairdressersDependencies.incrementingUUIDs()().uuidString == ids.first, "each generator starts at 1")
    }

    @Test func onlyStringsMakeAnAppointment() {
        let wrongDay = UserActivity(activityType: AppointmentShortcut.activityType, userInfo: ["hairdresser": "Jane", "day": 5])
        #expect(AppointmentShortcut.appointment(from: wrongDay) == nil)
        let wrongType = UserActivity(activityType: "com.example.other", userInfo: ["hairdresser": "Jane", "day": "Monday"])
        #expect(AppointmentShortcut.appointment(from: wrongType) == nil)
    }
}
