import CoreData

/// An appointment: which hairdresser, which day (the Core Data entity `Appointment`).
@objc(Appointment)
final class Appointment: NSManagedObject {
    @NSManaged var hairdresser: String?
    @NSManaged var day: String?
}
