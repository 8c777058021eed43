#import <Foundation/Foundation.h>
#import "LDStockIntent.h"

NS_ASSUME_NONNULL_BEGIN

// The method renamed for Swift as Xcode's generated protocol names it.
@interface LDStockIntentHandler : NSObject <LDStockIntentHandling>
- (void)handleStock:(LDStockIntent *)intent completion:(void (^)(LDStockIntentResponse *response))completion NS_SWIFT_NAME(handle(intent:completion:));
@end

NS_ASSUME_NONNULL_END
