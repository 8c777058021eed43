import Foundation
import FuzzChecks

let status = FuzzDriver.run { data, size in
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    FuzzChecks.xcodeGenSpec(bytes)
    return 0
}
exit(status)
