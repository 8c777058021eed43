#import "LDStockIntentHandler.h"

@implementation LDStockIntentHandler

- (void)handleStock:(LDStockIntent *)intent completion:(void (^)(LDStockIntentResponse * _Nonnull))completion {
    NSInteger code = intent.item.length > 0 ? LDStockIntentResponseCodeSuccess : LDStockIntentResponseCodeFailure;
    completion([[LDStockIntentResponse alloc] initWithCode:code userActivity:nil]);
}

@end
