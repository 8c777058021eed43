import Foundation
import FuzzChecks
import ObjCSourceChecks

let status = FuzzDriver.run { data, size in
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    ObjCSourceChecks.objcFacts(bytes)
    return 0
}
exit(status)
