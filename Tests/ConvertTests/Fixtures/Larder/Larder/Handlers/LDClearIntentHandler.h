#import <Foundation/Foundation.h>
#import "LDClearIntent.h"

// Declares the method without a Swift name and adopts no protocol: Swift imports it as handleClear(_:completion:).
@interface LDClearIntentHandler : NSObject
- (void)handleClear:(LDClearIntent *)intent completion:(void (^)(LDClearIntentResponse *))completion;
@end
