import Foundation
import Testing
import ObjCFacts

/// The rest of issue 17's Objective-C sites: values mapped from `activityType` (a method or C function, a
/// dictionary), sites in headers (inline functions, `#define`s), and class members a mixed target's Swift declares.
@Suite("Objective-C mapped types, headers and Swift class members", .enabled(if: libclangAvailable, "no libclang could be loaded (ACTIVITY_BRIDGE_LIBCLANG)"))
struct ObjCMappedAndHeaderSiteTests {
    @Test func aMethodMappingTheTypeHandlesWhatItCompares() throws {
        let delegate = """
        typedef NS_ENUM(NSInteger, Kind) { KindNone, KindOpen, KindEdit };
        @implementation AppDelegate
        - (BOOL)application:(id)app continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)handler {
            NSInteger kind = [self kindForActivityType:userActivity.activityType];
            switch (kind) {
                case KindOpen: return YES;
                default: return NO;
            }
        }
        - (Kind)kindForActivityType:(NSString *)type {
            if ([type isEqualToString:@"com.example.open"]) return KindOpen;
            if ([type isEqualToString:kEditType]) return KindEdit;
            return KindNone;
        }
        - (void)log:(NSString *)type {
            if ([type isEqualToString:@"com.example.logged"]) return;
        }
        @end
        """
        let facts = try extractObjCFacts(["AppDelegate.m": delegate, "Constants.m": "NSString *const kEditType = @\"com.example.edit\";\n"])
        #expect(lines(facts.handled) == [
            "AppDelegate.m:11:31 equalityMessage @\"com.example.open\" => com.example.open",
            "AppDelegate.m:12:31 equalityMessage kEditType => com.example.edit",
        ])
    }

    @Test func aMappingDefinedInAnotherFileOrAsACFunction() throws {
        let delegate = """
        #import "Router.h"
        @implementation SceneDelegate
        - (void)scene:(id)scene continueUserActivity:(NSUserActivity *)userActivity {
            switch ([Router routeForType:userActivity.activityType]) { default: break; }
            NSString *type = userActivity.activityType;
            if (RouteKind(type) == 2) { }
        }
        @end
        static NSInteger RouteKind(NSString *value) {
            return [value isEqualToString:@"com.example.c"] ? 2 : 0;
        }
        """
        let router = """
        @implementation Router
        + (NSInteger)routeForType:(NSString *)activityType {
            if ([activityType isEqualToString:@"com.example.routed"]) { return 1; }
            return 0;
        }
        @end
        """
        let facts = try extractObjCFacts(["SceneDelegate.m": delegate, "Router.m": router, "Router.h": "@interface Router\n@end\n"])
        #expect(lines(facts.handled) == [
            "Router.m:3:39 equalityMessage @\"com.example.routed\" => com.example.routed",
            "SceneDelegate.m:10:35 equalityMessage @\"com.example.c\" => com.example.c",
        ])
    }

    @Test func aMappingNoFileDefinesIsOneUnresolvedSite() throws {
        let delegate = """
        @implementation AppDelegate
        - (BOOL)application:(id)app continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)handler {
            NSInteger kind = [Routing kindFor:userActivity.activityType];
            switch (kind) { case 1: return YES; default: return NO; }
            [Analytics track:userActivity.activityType];
        }
        @end
        """
        let facts = try extractObjCFacts(["AppDelegate.m": delegate])
        #expect(lines(facts.handled) == ["AppDelegate.m:3:39 mappedValue userActivity.activityType => nil"])
    }

    @Test func aDictionaryLookedUpWithTheTypeHandlesItsKeys() throws {
        let delegate = """
        @implementation AppDelegate
        - (NSDictionary *)kindsByType {
            return @{@"com.example.one": @1, kTwo: @2};
        }
        - (BOOL)application:(id)app continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(id)handler {
            NSNumber *kind = self.kindsByType[userActivity.activityType];
            NSDictionary *local = @{@"com.example.three": @3};
            NSNumber *other = [local objectForKey:userActivity.activityType];
            NSNumber *remote = self.serverMap[userActivity.activityType];
            return kind != nil || other != nil || remote != nil;
        }
        @end
        """
        let facts = try extractObjCFacts(["AppDelegate.m": delegate, "Constants.m": "NSString *const kTwo = @\"com.example.two\";\n"])
        #expect(lines(facts.handled) == [
            "AppDelegate.m:3:14 dictionaryKey @\"com.example.one\" => com.example.one",
            "AppDelegate.m:3:38 dictionaryKey kTwo => com.example.two",
            "AppDelegate.m:7:29 dictionaryKey @\"com.example.three\" => com.example.three",
            "AppDelegate.m:9:24 mappedValue self.serverMap[userActivity.activityType] => nil",
        ])
    }

    @Test func sitesInsideHeadersAreRead() throws {
        let header = """
        #import <Foundation/Foundation.h>
        #define OPEN_ACTIVITY [[NSUserActivity alloc] initWithActivityType:@"com.example.macro"]
        #define MAKE_ACTIVITY(type) [[NSUserActivity alloc] initWithActivityType:(type)]
        #define IS_SHARE(activity) [(activity).activityType isEqualToString:@"com.example.share"]
        static inline NSUserActivity *InlineActivity(void) {
            return [[NSUserActivity alloc] initWithActivityType:@"com.example.inline"];
        }
        """
        let user = """
        #import "Activities.h"
        @implementation Screen
        - (void)viewDidAppear {
            self.userActivity = MAKE_ACTIVITY(@"com.example.made");
            NSUserActivity *open = OPEN_ACTIVITY;
            (void)open;
        }
        - (BOOL)handle:(NSUserActivity *)userActivity { return IS_SHARE(userActivity); }
        @end
        """
        let facts = try extractObjCFacts(["Activities.h": header, "Screen.m": user])
        #expect(lines(facts.created) == [
            "Activities.h:2:68 activityInitializer @\"com.example.macro\" => com.example.macro",
            "Activities.h:6:57 activityInitializer @\"com.example.inline\" => com.example.inline",
            "Screen.m:4:39 convenienceInitializer @\"com.example.made\" => com.example.made",
        ])
        #expect(lines(facts.handled) == ["Activities.h:4:69 equalityMessage @\"com.example.share\" => com.example.share"])
    }

    @Test func classMembersAreAskedForAndResolvedWhenBridged() throws {
        let screen = """
        @implementation Screen
        - (void)viewDidAppear {
            self.userActivity = [[NSUserActivity alloc] initWithActivityType:ActivityTypes.openNote];
            NSUserActivity *edit = [[NSUserActivity alloc] initWithActivityType:[ActivityTypes editNoteType]];
            (void)edit;
        }
        @end
        """
        let files: KeyValuePairs<String, String> = ["Screen.m": screen]
        let unresolved = try extractObjCFacts(files)
        #expect(unresolved.created.map(\.resolved) == [nil, nil])
        #expect(unresolved.classMembers == ["ActivityTypes.editNoteType", "ActivityTypes.openNote"])
        let bridged = try extractObjCFacts(files, bridging: ["ActivityTypes.openNote": "com.example.open", "ActivityTypes.editNoteType": "com.example.edit"])
        #expect(lines(bridged.created) == [
            "Screen.m:3:70 activityInitializer ActivityTypes.openNote => com.example.open",
            "Screen.m:4:73 activityInitializer [ActivityTypes editNoteType] => com.example.edit",
        ])
        #expect(bridged.classMembers == [])
    }

    @Test func aHeaderIsReadWhicheverFileIncludesIt() throws {
        // The file including it names no trigger: the prefilter does not hand it to clang, the header is read all the same.
        let files: KeyValuePairs<String, String> = [
            "Sub/Activities.h": "static inline NSUserActivity *Make(void) { return [[NSUserActivity alloc] initWithActivityType:@\"com.example.inline\"]; }\n",
            "Plain.m": "#import \"Sub/Activities.h\"\n@implementation Plain\n@end\n",
        ]
        let filtered = try extractObjCFacts(files)
        #expect(lines(filtered.created) == ["Sub/Activities.h:1:96 activityInitializer @\"com.example.inline\" => com.example.inline"])
        #expect(filtered.summaryLines() == (try extractObjCFacts(files, usePrefilter: false)).summaryLines())
        #expect(filtered.parsedFiles == [])
    }
}
