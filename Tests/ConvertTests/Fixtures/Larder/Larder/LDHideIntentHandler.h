#import <Foundation/Foundation.h>
#import "LDHideIntent.h"

@interface LDHideIntentHandler : NSObject <LDHideIntentHandling>
@end
