// An interface stub of Apple's CoreLocation: only `CLPlacemark`, which a converted `Placemark` parameter is.
import Foundation

/// https://developer.apple.com/documentation/corelocation/clplacemark
open class CLPlacemark: NSObject, @unchecked Sendable {}
