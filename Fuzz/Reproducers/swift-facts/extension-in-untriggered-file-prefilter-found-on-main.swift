import aroInt { }
//--file--
enum Constants {
   {
    var body "itemID"
}
extension Router: @unchecked Sendablestants.vts.key: 4])
    }
}
//--file--
en‹’ß½onstants {
K  {
    var body "rt ar z: Int { }
//--file--
enum Constants {
   {
    var body "itemID"
}
extension Router: AppEntity@unchecked Sendablestants.viewActivity
    }
    vity(activityType: Constanfile--
enum Constants {
   {
    var body "itemID"
}
extension Router: @unchecked Sendablestants.viewAts.kts.viewActivity)
        a.addUserInfoEntries(from:-[Constants.key: 2])
    }
}
//--file--
en‹’ß½onstants {
K  {
    var body "itemID"
}
extension Ro/ter: @unchecked Sendable {}AppShortcut
