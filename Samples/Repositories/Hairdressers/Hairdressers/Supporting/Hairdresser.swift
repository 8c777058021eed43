import Foundation

/// A hairdresser of the salon, as the contacts list shows them.
struct Hairdresser: Hashable {
    var name: String
    var phoneNumber: String?
}
