import UIKit

final class AddAppointmentViewController: UIViewController {
    private let hairdresserPicker = UIPickerView()
    private let dayPicker = UIPickerView()

    var hairdressers: [String] = HairdresserDirectory.shared.all.map(\.name)
    var days: [String] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "New Appointment"
        let stack = UIStackView(arrangedSubviews: [hairdresserPicker, dayPicker])
        stack.axis = .vertical
        for picker in [hairdresserPicker, dayPicker] {
            picker.dataSource = self
            picker.delegate = self
        }
        view = stack
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .save, primaryAction: UIAction { [weak self] _ in
            self?.didTapSave()
        })
    }

    func didTapSave() {
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

extension AddAppointmentViewController: UIPickerViewDataSource, UIPickerViewDelegate {
    func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }

    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        pickerView === hairdresserPicker ? hairdressers.count : days.count
    }

    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        pickerView === hairdresserPicker ? hairdressers[row] : days[row]
    }
}
