import ProjectDescription

func grow(_ x: [String]) -> [String] { grow(x + x) }
enum Loop: String, CaseIterable { case a, b; var next: Loop { switch self { case .a: return .b; case .b: return self.next } } }
let names = (0..<10).map { "T\($0)" }
let project = Project(name: Environment.name.getString(default: "x"), targets: grow(["a"]).map { .target(name: $0, destinations: .iOS, product: .app, bundleId: "\(Loop.a.next.next.rawValue)") })
