#import "Handlers/LDCountIntentHandler.h"
#import "Handlers/LDClearIntentHandler.h"
