import Foundation
import FuzzChecks
import FuzzedPhrases

let status = FuzzDriver.run { data, size in
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    PhraseCatalogCheck.check(bytes)
    return 0
}
exit(status)
