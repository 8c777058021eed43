import CoreData

/// The Core Data stack (one store, `Hairdressers.xcdatamodeld`).
final class PersistentHelper {
    static let shared = PersistentHelper()

    lazy var persistentContainer: NSPersistentContainer = {
        let container = NSPersistentContainer(name: "Hairdressers")
        container.loadPersistentStores { _, error in
            if let error { fatalError("Unresolved Core Data error \(error)") }
        }
        return container
    }()
}

extension NSManagedObjectContext {
    /// Runs `block` on the context's queue and saves it.
    func persist(block: @escaping () -> Void) {
        perform {
            block()
            do {
                try self.save()
            } catch {
                self.rollback()
            }
        }
    }
}
