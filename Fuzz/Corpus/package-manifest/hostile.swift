var x = ["a"]
x += x
x += x
x += x
x += x
x += x
var a: [Target] { a + b }
var b: [Target] { a }
func f(_ n: String) -> [Target] { f(n) + [.target(name: n)] }
let package = Package(name: "R", products: [.library(name: "\(x)", targets: x)], targets: a + f("x") + x.map { .target(name: $0) })
