import Foundation
import FuzzChecks

let status = FuzzDriver.run { data, size in
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    PropertyListRoundTrip.readAndCheck(bytes)
    return 0
}
exit(status)
