#import "LDCountIntentHandler.h"

@implementation LDCountIntentHandler

- (void)handleCount:(nonnull LDCountIntent *)intent completion:(void (^)(LDCountIntentResponse *))completion {
    completion([[LDCountIntentResponse alloc] initWithCode:LDCountIntentResponseCodeSuccess userActivity:nil]);
}

@end
