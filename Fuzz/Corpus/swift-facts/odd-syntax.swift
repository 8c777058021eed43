struct S { let x = NSUserActivity(activityType: #"raw \#(y)"#) ; var z: Int { get { 1 } set {} } }
#if DEBUG
let t = """
  multi \(a)
  """
#endif
