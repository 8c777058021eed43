import Diagnostics
import Foundation
import Testing
import ObjCFacts

/// Objective-C sites in fixtures of our own, each at its exact line:column, with every kind of resolution.
@Suite("Objective-C sites and constant resolution", .enabled(if: libclangAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
struct ObjCActivitySiteTests {
    static let constantsHeader = """
    #import <Foundation/Foundation.h>
    #define BUFFER_ACTIVITY @"com.example.buffer"
    #define PREFIX @"com.example."
    extern NSString *const kOpenType;
    extern NSString * const kSuffixed;
    """

    static let constants = """
    #import "Constants.h"
    NSString *const kOpenType = @"com.example.open";
    NSString * const kSuffixed = PREFIX @"suffixed";
    """

    static let donor = """
    #import <UIKit/UIKit.h>
    #import "Constants.h"
    #define LOCAL @"com.example." @"local"
    static NSString *kStatic = @"com.example.static";

    @implementation Donor
    - (void)donate {
        NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:BUFFER_ACTIVITY];
        activity.userInfo = @{@"id": @1, @"name": @"x"};
        activity.requiredUserInfoKeys = [NSSet setWithArray:@[@"id", @"missing"]];
        activity.eligibleForPrediction = YES;
        [activity becomeCurrent];
        NSUserActivity *other = [[NSUserActivity alloc] initWithActivityType:kOpenType];
        [other setUserInfo:[NSDictionary dictionaryWithObjectsAndKeys:@1, @"k1", @2, kStatic, nil]];
        [other setRequiredUserInfoKeys:[NSSet setWithObjects:@"k1", nil]];
    #ifdef ENTERPRISE
        self.userActivity = [[NSUserActivity alloc] initWithActivityType:@"com.example.enterprise"];
    #else
        self.userActivity = [[NSUserActivity alloc] initWithActivityType:@"com.example.consumer"];
    #endif
        (void)[[NSUserActivity alloc] initWithActivityType:[[[NSBundle mainBundle] bundleIdentifier] stringByAppendingString:@".appended"]];
        (void)[[NSUserActivity alloc] initWithActivityType:[NSString stringWithFormat:@"%@.%@", NSBundle.mainBundle.bundleIdentifier, @"formatted"]];
        (void)[[NSUserActivity alloc] initWithActivityType:kSuffixed];
        (void)[[NSUserActivity alloc] initWithActivityType:LOCAL];
        (void)[[NSUserActivity alloc] initWithActivityType:[self runtimeType]];
        (void)[[NSUserActivity alloc]
            initWithActivityType:kStatic];
    }
    @end
    """

    static let handler = """
    #import "Constants.h"
    @implementation AppDelegate
    - (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)handler {
        if ([userActivity.activityType isEqualToString:BUFFER_ACTIVITY]) { return YES; }
        if ([kOpenType isEqualToString:userActivity.activityType]) { return YES; }
        if ([[userActivity activityType] isEqual:@"com.example.equal"]) { return YES; }
        if (userActivity.activityType == NSUserActivityTypeBrowsingWeb) { return YES; }
        if ([userActivity.interaction.intent isKindOfClass:[INSendMessageIntent class]]) { return YES; }
        INIntent *intent = userActivity.interaction.intent;
        if ([intent isKindOfClass:INStartCallIntent.class]) { return YES; }
        INPlayMediaIntent *media = (INPlayMediaIntent *)userActivity.interaction.intent;
        if ([userActivity.activityType hasSuffix:@".buffer"]) { return YES; }
        NSString *type = userActivity.activityType;
        if ([type isEqualToString:@"com.example.local"]) { return YES; }
        return NO;
    }
    - (id)activityViewController:(UIActivityViewController *)controller itemForActivityType:(UIActivityType)activityType {
        if ([activityType isEqualToString:UIActivityTypeMail]) { return nil; }
        return nil;
    }
    - (id)application:(UIApplication *)application handlerForIntent:(INIntent *)intent {
        if ([intent isKindOfClass:[INSendMessageIntent class]]) { return nil; }
        return nil;
    }
    - (void)share {
        if ([self.extensionContext.intent isKindOfClass:[INSendMessageIntent class]]) { }
        [[[INInteraction alloc] initWithIntent:nil response:nil] donateInteractionWithCompletion:nil];
    }
    @end
    """

    @Test func createdSitesResolveThroughEveryKindOfConstant() throws {
        let facts = try extractObjCFacts(["Constants.h": Self.constantsHeader, "Constants.m": Self.constants, "Donor.m": Self.donor])
        #expect(lines(facts.created) == [
            "Donor.m:8:77 activityInitializer BUFFER_ACTIVITY => com.example.buffer",
            "Donor.m:13:74 activityInitializer kOpenType => com.example.open",
            "Donor.m:19:70 activityInitializer @\"com.example.consumer\" => com.example.consumer",
            "Donor.m:21:56 activityInitializer [[[NSBundle mainBundle] bundleIdentifier] stringByAppendingString:@\".appended\"] => $(PRODUCT_BUNDLE_IDENTIFIER).appended",
            "Donor.m:22:56 activityInitializer [NSString stringWithFormat:@\"%@.%@\", NSBundle.mainBundle.bundleIdentifier, @\"formatted\"] => $(PRODUCT_BUNDLE_IDENTIFIER).formatted",
            "Donor.m:23:56 activityInitializer kSuffixed => com.example.suffixed",
            "Donor.m:24:56 activityInitializer LOCAL => com.example.local",
            "Donor.m:25:56 activityInitializer [self runtimeType] => nil",
            "Donor.m:27:30 activityInitializer kStatic => com.example.static",
        ])
        #expect(facts.created[0].userInfoKeys == ["id", "name"])
        #expect(facts.created[0].requiredUserInfoKeys == ["id", "missing"])
        #expect(facts.created[1].userInfoKeys == ["k1", "com.example.static"])
        #expect(facts.created[1].requiredUserInfoKeys == ["k1"])
        #expect(facts.donations.map { "\($0.position.line) \($0.kind.rawValue)" } == ["11 eligibleForPrediction", "12 becomeCurrent"])
    }

    @Test func theTargetsDefinitionsChooseTheBranch() throws {
        let facts = try extractObjCFacts(["Constants.h": Self.constantsHeader, "Constants.m": Self.constants, "Donor.m": Self.donor],
                                         definitions: ["ENTERPRISE=1"])
        #expect(lines(facts.created).contains("Donor.m:17:70 activityInitializer @\"com.example.enterprise\" => com.example.enterprise"))
        #expect(!lines(facts.created).contains { $0.contains("consumer") })
    }

    @Test func handledSitesAndIntentClasses() throws {
        let facts = try extractObjCFacts(["Constants.h": Self.constantsHeader, "Constants.m": Self.constants, "AppDelegate.m": Self.handler])
        #expect(lines(facts.handled) == [
            "AppDelegate.m:4:52 equalityMessage BUFFER_ACTIVITY => com.example.buffer",
            "AppDelegate.m:5:10 equalityMessage kOpenType => com.example.open",
            "AppDelegate.m:6:46 equalityMessage @\"com.example.equal\" => com.example.equal",
            "AppDelegate.m:7:38 comparison NSUserActivityTypeBrowsingWeb => NSUserActivityTypeBrowsingWeb",
            "AppDelegate.m:8:57 intentClass INSendMessageIntent => INSendMessageIntent",
            "AppDelegate.m:10:31 intentClass INStartCallIntent => INStartCallIntent",
            "AppDelegate.m:11:33 intentClass INPlayMediaIntent => INPlayMediaIntent",
            "AppDelegate.m:14:31 equalityMessage @\"com.example.local\" => com.example.local",
        ])
        #expect(facts.donations.map(\.kind) == [.donateInteraction])
    }

    @Test func aConvenienceInitializerOfACategoryMakesItsCallsCreationSites() throws {
        let category = """
        @implementation NSUserActivity (App)
        + (instancetype)appActivityWithKind:(NSString *)kind {
            return [[self alloc] initWithActivityType:kind];
        }
        @end
        """
        let user = """
        @implementation Screen
        - (void)viewDidAppear {
            self.userActivity = [NSUserActivity appActivityWithKind:@"com.example.screen"];
        }
        @end
        """
        let facts = try extractObjCFacts(["NSUserActivity+App.m": category, "Screen.m": user])
        #expect(lines(facts.created) == ["Screen.m:3:61 convenienceInitializer @\"com.example.screen\" => com.example.screen"])
    }

    @Test func thePrefilterOnlySavesWork() throws {
        let files: KeyValuePairs<String, String> = ["Constants.h": Self.constantsHeader, "Constants.m": Self.constants, "Donor.m": Self.donor,
                                                     "AppDelegate.m": Self.handler]
        let filtered = try extractObjCFacts(files)
        let everything = try extractObjCFacts(files, usePrefilter: false)
        #expect(filtered.summaryLines() == everything.summaryLines())
        #expect(filtered.parsedFiles == ["AppDelegate.m", "Constants.m", "Donor.m"])
    }
}
