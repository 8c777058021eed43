// What the app's Swift sees of its Objective-C: the handlers of LDStockIntent directly, of LDCountIntent and
// LDClearIntent through LarderHandlers.h. LDHideIntentHandler.h is not imported.
#import "LDStockIntentHandler.h"
#import "LarderHandlers.h"
