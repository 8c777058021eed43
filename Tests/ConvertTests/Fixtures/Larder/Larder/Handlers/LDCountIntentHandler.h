#import <Foundation/Foundation.h>
#import "LDCountIntent.h"

// Adopts the handling protocol only: Swift names the method as the protocol does.
@interface LDCountIntentHandler : NSObject <LDCountIntentHandling>
@end
