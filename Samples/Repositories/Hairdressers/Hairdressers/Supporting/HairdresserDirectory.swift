import Foundation

/// The salon's hairdressers (from the bundled Hairdressers.json).
final class HairdresserDirectory {
    static let shared = HairdresserDirectory()

    private(set) var all: [Hairdresser] = [
        Hairdresser(name: "Jane", phoneNumber: "+31 20 555 0100"),
        Hairdresser(name: "Pat", phoneNumber: nil),
    ]
}
