#import "LDHideIntentHandler.h"

@implementation LDHideIntentHandler
- (void)handleHide:(LDHideIntent *)intent completion:(void (^)(LDHideIntentResponse *))completion {
    completion([[LDHideIntentResponse alloc] initWithCode:LDHideIntentResponseCodeSuccess userActivity:nil]);
}
@end
