import Foundation
import Testing
import ObjCFacts
import ValueFlow

/// The kind of each `userInfo` value an Objective-C creation site writes, the same ``UserInfoValueKind`` the Swift
/// reader gives, and its `suggestedInvocationPhrase`.
@Suite("Objective-C userInfo value kinds and invocation phrases", .enabled(if: libclangAvailable, "no libclang could be loaded"))
struct ObjCUserInfoValueKindTests {
    static let donor = """
    #import <Foundation/Foundation.h>
    static NSString *const kDefault = @"soup";

    @implementation Donor
    - (void)donate:(NSInteger)count {
        NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"com.example.typed"];
        activity.userInfo = @{@"name": @"literal", @"count": @3, @"ratio": @-0.5, @"flag": @YES, @"boxed": @(42),
                              @"when": [NSDate date], @"link": [NSURL URLWithString:@"https://example.com"],
                              @"id": [NSUUID UUID].UUIDString, @"number": [NSNumber numberWithDouble:2.5],
                              @"constant": kDefault, @"opaque": @(count), @"other": [self something]};
        activity.suggestedInvocationPhrase = @"Order soup";
        [activity becomeCurrent];
    }
    - (void)more {
        NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:@"com.example.pairs"];
        [activity setUserInfo:[NSDictionary dictionaryWithObjectsAndKeys:@1, @"one", [NSDate date], @"day", nil]];
        [activity setSuggestedInvocationPhrase:[self phrase]];
    }
    @end
    """

    @Test func literalsMessagesAndConstantsHaveAKind() throws {
        let facts = try extractObjCFacts(["Donor.m": Self.donor])
        let typed = try #require(facts.created.first { $0.resolved == "com.example.typed" })
        let values = try #require(typed.userInfoValues)
        #expect(values.map { "\($0.key)=\($0.kind?.rawValue ?? "nil")" } == [
            "name=string", "count=integer", "ratio=double", "flag=bool", "boxed=integer", "when=date", "link=url", "id=string",
            "number=double", "constant=string", "opaque=nil", "other=nil",
        ])
        let opaque = try #require(values.first { $0.key == "opaque" })
        #expect(opaque.line == 10 && opaque.expression == "@(count)")
        #expect(opaque.unknownReason?.contains("NSNumber boxed") == true)
        #expect(values.first { $0.key == "other" }?.unknownReason == UserInfoValue.notStaticReason)
        #expect(typed.suggestedInvocationPhrase == "Order soup")
    }

    @Test func objectsAndKeysPairEachValueWithItsKey() throws {
        let facts = try extractObjCFacts(["Donor.m": Self.donor])
        let pairs = try #require(facts.created.first { $0.resolved == "com.example.pairs" })
        #expect(pairs.userInfoValues?.map { "\($0.key)=\($0.kind?.rawValue ?? "nil")" } == ["one=integer", "day=date"])
        #expect(pairs.suggestedInvocationPhrase == nil)
    }
}
