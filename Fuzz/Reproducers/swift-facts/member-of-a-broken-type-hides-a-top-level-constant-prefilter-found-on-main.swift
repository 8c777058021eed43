    let a = NSUserActivity(activityType: blockType) // the type
struct Led,
let /* the block one */ blockType = "com.ety(activityType: blockType) // the type
//--file--
let /* the block one */ blockType = "com.example.block"