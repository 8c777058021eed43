#import "LDClearIntentHandler.h"

@implementation LDClearIntentHandler
- (void)handleClear:(LDClearIntent *)intent completion:(void (^)(LDClearIntentResponse *))completion
{
    // A minus and an @ in the body are expressions, not declarations: - (void)handleFake:(LDClearIntent *)x completion:
    NSInteger unused = 2 - (1);
    (void)unused;
    completion([[LDClearIntentResponse alloc] initWithCode:LDClearIntentResponseCodeSuccess userActivity:nil]);
}
@end
