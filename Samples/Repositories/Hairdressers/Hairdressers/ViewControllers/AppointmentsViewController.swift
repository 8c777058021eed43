import UIKit
import CoreData

/// The list of booked appointments, newest first.
final class AppointmentsViewController: UITableViewController {
    private lazy var results: NSFetchedResultsController<Appointment> = {
        let request = NSFetchRequest<Appointment>(entityName: "Appointment")
        request.sortDescriptors = [NSSortDescriptor(key: "day", ascending: false)]
        return NSFetchedResultsController(fetchRequest: request,
                                          managedObjectContext: PersistentHelper.shared.persistentContainer.viewContext,
                                          sectionNameKeyPath: nil, cacheName: nil)
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Appointments"
        try? results.performFetch()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        results.fetchedObjects?.count ?? 0
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        let appointment = results.object(at: indexPath)
        cell.textLabel?.text = appointment.hairdresser
        cell.detailTextLabel?.text = appointment.day
        return cell
    }
}
