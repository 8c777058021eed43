import Diagnostics
import Foundation
import Testing
import ObjCFacts

/// Values held in a method's locals and class names turned into strings (issue 24): what a site's expression
/// names is followed in the method that holds it, and `NSStringFromClass(X.class)` is `X`.
@Suite("Objective-C locals and class names", .enabled(if: libclangAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
struct LocalsAndClassNameTests {
    static let donor = """
    #import <UIKit/UIKit.h>
    #define PREFIX @"com.example."
    @implementation Donor
    - (void)donate:(BOOL)flag {
        NSString *type = @"com.example.local";
        NSUserActivity *a = [[NSUserActivity alloc] initWithActivityType:type];
        NSString *built = [PREFIX stringByAppendingString:@"built"];
        NSString *again = built;
        NSUserActivity *b = [[NSUserActivity alloc] initWithActivityType:again];
        NSString *either;
        if (flag) { either = @"com.example.yes"; } else { either = @"com.example.no"; }
        NSUserActivity *c = [[NSUserActivity alloc] initWithActivityType:either];
        NSString *later = nil;
        NSUserActivity *d = [[NSUserActivity alloc] initWithActivityType:self.other];
    }
    - (void)other { NSUserActivity *e = [[NSUserActivity alloc] initWithActivityType:type]; }
    @end
    """

    @Test func aLocalHoldsWhatTheMethodAssignsBeforeTheSite() throws {
        let facts = try extractObjCFacts(["Donor.m": Self.donor])
        #expect(lines(facts.created) == [
            "Donor.m:6:70 activityInitializer type => com.example.local",
            "Donor.m:9:70 activityInitializer again => com.example.built",
            "Donor.m:12:70 activityInitializer either => com.example.yes",
            "Donor.m:12:70 activityInitializer either => com.example.no",
            "Donor.m:14:70 activityInitializer self.other => nil",
            // Another method's local is not this one's: `type` here is no local and no constant.
            "Donor.m:16:82 activityInitializer type => nil",
        ])
        #expect(facts.created.last?.unresolvedReason == "no declaration of 'type' was found in the files read")
    }

    @Test func aClassNameIsTheStringOfTheClass() throws {
        let handler = """
        #import <UIKit/UIKit.h>
        #import <Intents/Intents.h>
        @implementation AppDelegate
        - (BOOL)application:(UIApplication *)app continueUserActivity:(NSUserActivity *)activity restorationHandler:(id)handler {
            if ([activity.activityType isEqualToString:NSStringFromClass(INStartAudioCallIntent.class)]) { return YES; }
            if ([activity.activityType isEqualToString:NSStringFromClass([INStartVideoCallIntent class])]) { return YES; }
            return NO;
        }
        @end
        """
        let facts = try extractObjCFacts(["AppDelegate.m": handler])
        #expect(facts.handled.map(\.resolved) == ["INStartAudioCallIntent", "INStartVideoCallIntent"])
    }
}
