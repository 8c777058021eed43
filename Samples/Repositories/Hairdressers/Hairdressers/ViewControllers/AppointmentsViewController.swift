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
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in
            self?.present(UINavigationController(rootViewController: AddAppointmentViewController()), animated: true)
        })
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

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let name = results.object(at: indexPath).hairdresser else { return }
        let detail = HairdresserDetailViewController()
        detail.hairdresser = HairdresserDirectory.shared.all.first { $0.name == name } ?? Hairdresser(name: name)
        navigationController?.pushViewController(detail, animated: true)
    }
}
