/// Why `migrate` left a legacy donation event behind; the JSON report counts each under its
/// raw value in `skipped`.
public enum MigrationSkipReason: String, CaseIterable, Hashable, Sendable {
    /// No manifest maps the event's activity type.
    case unmappedType
    /// The activity's `expirationDate` has passed: the system would no longer suggest it.
    case expired
    /// A key of the activity's `requiredUserInfoKeys`, or a key path a required binding reads, is absent
    /// from the userInfo the system stored (only the required keys are stored, R1.10).
    case missingRequiredKeys
    /// A userInfo value is not of its binding's type, or the intent refuses it.
    case unconvertibleUserInfo
    /// An entity parameter names an entity the app's data no longer has (`--app-data`).
    case entityNotFound
    /// None of the type's intents exists on the migration's platform.
    case unavailableIntent
}
