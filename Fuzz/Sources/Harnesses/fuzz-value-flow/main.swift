import Foundation
import FuzzChecks
import SourceChecks

let status = FuzzDriver.run { data, size in
    SourceChecks.valueFlow(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
exit(status)
