import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
               options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: AppointmentsViewController())
        window.makeKeyAndVisible()
        self.window = window

        // A cold start from Siri, Spotlight or Handoff brings its activity with the connection.
        if let userActivity = connectionOptions.userActivities.first {
            self.scene(scene, continue: userActivity)
        }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        switch userActivity.activityType {
        case NSUserActivity.identifierForAppointment:
            AppointmentShortcutHelper.storeAppointmentForActivity(userActivity)
        case NSUserActivity.identifierForViewingHairdresser:
            guard let name = userActivity.userInfo?["name"] as? String else { return }
            showHairdresser(named: name)
        default:
            // Siri's in-app handling of the custom intent (BookAppointmentIntent) arrives here too.
            if let intent = userActivity.interaction?.intent as? BookAppointmentIntent,
               let hairdresser = intent.hairdresser, let day = intent.day {
                let moc = PersistentHelper.shared.persistentContainer.viewContext
                moc.persist {
                    let appointment = Appointment(context: moc)
                    appointment.hairdresser = hairdresser
                    appointment.day = day
                }
            }
        }
    }

    private func showHairdresser(named name: String) {
        let detail = HairdresserDetailViewController()
        detail.hairdresser = Hairdresser(name: name)
        (window?.rootViewController as? UINavigationController)?.pushViewController(detail, animated: false)
    }
}
