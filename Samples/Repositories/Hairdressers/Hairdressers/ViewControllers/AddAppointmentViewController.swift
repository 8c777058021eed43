import UIKit

final class AddAppointmentViewController: UIViewController {
    @IBOutlet var hairdresserPicker: UIPickerView!
    @IBOutlet var dayPicker: UIPickerView!

    var hairdressers: [String] = []
    var days: [String] = []

    @IBAction func didTapSave() {
        let moc = PersistentHelper.shared.persistentContainer.viewContext
        let appointment = Appointment(context: moc)
        appointment.hairdresser = hairdressers[hairdresserPicker.selectedRow(inComponent: 0)]
        appointment.day = days[dayPicker.selectedRow(inComponent: 0)]
        moc.persist {}

        // Donate the booking to Siri: the current activity of this screen.
        let activity = AppointmentShortcutHelper.activityForAppointment(appointment)
        self.userActivity = activity

        dismiss(animated: true, completion: nil)
    }
}
