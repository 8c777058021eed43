import Foundation

func donate() {
    let a = NSUserActivity(activityType: blockType) // the type
    a.userInfo = [/* key */ userInfoKey: 1]
    _ = NSUserActivity(activityType: /* inline */ lineType)
}
//--file--
let /* the block one */ blockType = "com.example.block"
let /* a /* nested */ comment */ userInfoKey = "id"
let // a line comment
    lineType = "com.example.line" + "/* not a comment */"
