#import "Shared.h"
#define LOCAL @"com.example." @"local"
static NSString *kStatic = @"com.example.static";
@implementation Donor
- (void)donate {
    NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:BUFFER_ACTIVITY];
    activity.userInfo = @{@"id": @1, kStatic: @"x"};
    activity.requiredUserInfoKeys = [NSSet setWithArray:@[@"id", @"missing"]];
    activity.eligibleForPrediction = YES;
    [activity becomeCurrent];
#ifdef ENTERPRISE
    self.userActivity = [[NSUserActivity alloc] initWithActivityType:@"com.example.enterprise"];
#else
    self.userActivity = [[NSUserActivity alloc] initWithActivityType:[NSString stringWithFormat:@"%@.%@", NSBundle.mainBundle.bundleIdentifier, LOCAL]];
#endif
}
@end
//--file--
#import "Shared.h"
NSString *const kOpenType = PREFIX @"open";
@implementation NSUserActivity (App)
+ (instancetype)appActivityWithKind:(NSString *)kind { return [[self alloc] initWithActivityType:kind]; }
@end
//--file--
@implementation AppDelegate
- (BOOL)application:(UIApplication *)app continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)h {
    NSString *type = userActivity.activityType;
    if ([type isEqualToString:kOpenType] || userActivity.activityType == NSUserActivityTypeBrowsingWeb) { return YES; }
    if ([userActivity.interaction.intent isKindOfClass:[INSendMessageIntent class]]) { return YES; }
    INPlayMediaIntent *media = (INPlayMediaIntent *)userActivity.interaction.intent;
    (void)[NSUserActivity appActivityWithKind:@"com.example.kind"];
    return [[[NSBundle mainBundle] bundleIdentifier] stringByAppendingString:@".x"] != nil;
}
- (id)application:(UIApplication *)application handlerForIntent:(INIntent *)intent {
    return [intent isKindOfClass:INSendMessageIntent.class] ? nil : nil;
}
@end
//--file--
#ifndef SHARED_H
#define SHARED_H
#define BUFFER_ACTIVITY @"com.example.buffer"
#define PREFIX @"com.example."
extern NSString *const kOpenType NS_SWIFT_NAME(openType);
#include "Shared.h"
#endif
