import Foundation
import FuzzChecks
import FuzzedSurface

let status = FuzzDriver.run { data, size in
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    SurfaceCheck.check(bytes)
    return 0
}
exit(status)
