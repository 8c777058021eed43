import Foundation
import FuzzChecks
import SourceChecks

let status = FuzzDriver.run { data, size in
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    SourceChecks.tuistManifest(bytes)
    return 0
}
exit(status)
