#import "Shared.h"
@implementation AppDelegate
- (BOOL)application:(id)app continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)h {
    NSInteger kind = [self kindForActivityType:userActivity.activityType];
    switch (kind) { case 1: return YES; default: break; }
    switch ([Router routeFor:userActivity.activityType]) { default: break; }
    NSNumber *mapped = self.kindsByType[userActivity.activityType];
    NSNumber *remote = [self.serverMap objectForKey:userActivity.activityType];
    if (RouteKind(userActivity.activityType) == 2) { return YES; }
    if (IS_SHARE(userActivity)) { return YES; }
    return mapped != nil || remote != nil;
}
- (NSInteger)kindForActivityType:(NSString *)type {
    return [type isEqualToString:ActivityTypes.openNote] || [type isEqualToString:[ActivityTypes editNoteType]] ? 1 : 0;
}
- (NSDictionary *)kindsByType { return @{@"com.example.one": @1, kOpenType: @2}; }
@end
static NSInteger RouteKind(NSString *value) { return [value isEqualToString:@"com.example.c"] ? 2 : 0; }
//--file--
@implementation Screen
- (void)viewDidAppear {
    self.userActivity = MAKE_ACTIVITY(@"com.example.made");
    NSUserActivity *open = OPEN_ACTIVITY;
    [InlineActivity() becomeCurrent];
    (void)[[NSUserActivity alloc] initWithActivityType:ActivityTypes.openNote]; // activity-bridge:ignore activity-type-undeclared-in-code
    (void)open;
}
@end
//--file--
#define UNBALANCED(x) [[NSUserActivity alloc] initWithActivityType:(x]
#define NESTED(a, b) MAKE_ACTIVITY(a b)
@implementation Router
+ (NSInteger)routeFor:(NSString *)activityType { return [activityType isEqualToString:@"com.example.routed"]; }
@end
//--file--
#define OPEN_ACTIVITY [[NSUserActivity alloc] initWithActivityType:@"com.example.macro"]
#define MAKE_ACTIVITY(type) [[NSUserActivity alloc] initWithActivityType:(type)]
#define IS_SHARE(activity) [(activity).activityType isEqualToString:@"com.example.share"]
#define kOpenType @"com.example.open"
static inline NSUserActivity *InlineActivity(void) {
    return [[NSUserActivity alloc] initWithActivityType:@"com.example.inline"];
}
