import Foundation
import Testing
import TestSupport

/// `activity-bridge replay --app-model` through the real built binary: the Outliner model's
/// scripts (continue, siri, runShortcut, spotlight, addEntity, removeEntity), a failing
/// expectation on what the app received, models with errors or warnings, a missing model.
@Suite("replay --app-model end to end")
struct ReplayAppModelEndToEndTests {
    static let model = "Samples/AppModels/Outliner-AppModel.plist"

    static let wrongParameters = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>name</key><string>Wrong outline</string>
          <key>app</key><string>outliner</string>
          <key>steps</key><array>
            <dict><key>do</key><string>addEntity</string><key>type</key><string>OutlineAppEntity</string>
              <key>id</key><string>o1</string><key>title</key><string>Groceries</string></dict>
            <dict><key>do</key><string>runShortcut</string><key>intent</key><string>OpenOutlineAppIntent</string>
              <key>parameters</key><dict><key>outline</key><string>o1</string></dict>
              <key>expect</key><dict><key>parameters.outline.id</key><string>o2</string><key>screen</key><string>launching</string></dict></dict>
          </array>
        </dict></plist>
        """

    /// Valid, with a typo'd key: a warning, and the scripts still run.
    static let warningModel = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>formatVersion</key><integer>1</integer>
          <key>name</key><string>outliner</string>
          <key>activityTypes</key><array><string>io.example.outliner.openEditor</string></array>
          <key>handledActivityType</key><array/>
        </dict></plist>
        """

    static let noHandlerScript = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>name</key><string>Nothing handled</string>
          <key>app</key><string>outliner</string>
          <key>steps</key><array>
            <dict><key>do</key><string>continue</string><key>activity</key><dict>
              <key>activityType</key><string>io.example.outliner.openEditor</string></dict>
              <key>expect</key><dict><key>outcome</key><string>noHandler</string></dict></dict>
          </array>
        </dict></plist>
        """

    /// Declared types with a build setting, as an Info.plist has them before Xcode expands it.
    static let definedModel = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>name</key><string>defined</string>
          <key>activityTypes</key><array><string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string></array>
          <key>handledActivityTypes</key><array><string>$(PRODUCT_BUNDLE_IDENTIFIER).open</string></array>
        </dict></plist>
        """

    static let definedScript = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>name</key><string>Open</string>
          <key>app</key><string>defined</string>
          <key>steps</key><array>
            <dict><key>do</key><string>continue</string><key>activity</key><dict>
              <key>activityType</key><string>io.example.defined.open</string></dict>
              <key>expect</key><dict><key>outcome</key><string>handled</string></dict></dict>
          </array>
        </dict></plist>
        """

    @Test func defineExpandsTheDeclaredTypes() throws {
        try withFiles(["model.plist": Self.definedModel, "script.plist": Self.definedScript]) { directory in
            let defined = try BuiltBinary.run(["replay", "--define", "PRODUCT_BUNDLE_IDENTIFIER=io.example.defined",
                                               "--app-model", "model.plist", "script.plist"], in: directory)
            #expect(defined.status == 0, "\(defined.standardOutput)\(defined.standardError)")
            #expect(defined.standardOutput == "script.plist: Open\n  PASS  step 1 continue: handled\n1 passed, 0 failed\n")
            // Unexpanded, `$(PRODUCT_BUNDLE_IDENTIFIER).open` can equal no real type: the report says
            // so at the model's `<string>` (line 4, column 34) before the step fails.
            let undefined = try BuiltBinary.run(["replay", "--app-model", "model.plist", "script.plist"], in: directory)
            #expect(undefined.status == 1)
            #expect(undefined.standardOutput == """
                script.plist: Open
                  WARN  model.plist:4:34: declared activity type '$(PRODUCT_BUNDLE_IDENTIFIER).open' of defined stays as written (build setting PRODUCT_BUNDLE_IDENTIFIER is not defined): no activity type can equal it, so its continuations replay as undeclared; define PRODUCT_BUNDLE_IDENTIFIER (replay --define PRODUCT_BUNDLE_IDENTIFIER=VALUE, or --project) [activity-type-unresolved-variable]
                  FAIL  step 1 continue: undeclared — outcome: expected "handled", got "undeclared"
                0 passed, 1 failed

                """)
        }
    }

    func withFiles<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        try FixtureTree.with(files, purpose: "replay-app-model-e2e", body)
    }

    @Test func theOutlinerScriptsPassStepByStep() throws {
        let result = try BuiltBinary.run(["replay", "--app-model", Self.model, "Samples/AppModels/Replays"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == """
            Samples/AppModels/Replays/outliner-bridge.plist: Outliner legacy intents through the bridge
              PASS  step 1 addEntity: ok
              PASS  step 2 continue: handled
              PASS  step 3 continue: notHandled
              PASS  step 4 continue: handled
            Samples/AppModels/Replays/outliner-continue.plist: Outliner continuations: handled, noHandler, undeclared
              PASS  step 1 continue: handled
              PASS  step 2 finishLaunching: ok
              PASS  step 3 continue: handled
              PASS  step 4 continue: noHandler
              PASS  step 5 continue: undeclared
            Samples/AppModels/Replays/outliner-entities.plist: Outliner entities through Siri, Shortcuts and Spotlight
              PASS  step 1 addEntity: ok
              PASS  step 2 addEntity: ok
              PASS  step 3 siri: handled
              PASS  step 4 siri: noMatch
              PASS  step 5 siri: handled
              PASS  step 6 runShortcut: handled
              PASS  step 7 runShortcut: handled
              PASS  step 8 spotlightSearch: ok
              PASS  step 9 spotlightTap: handled
              PASS  step 10 removeEntity: ok
              PASS  step 11 spotlightSearch: ok
              PASS  step 12 siri: noMatch
              PASS  step 13 removeEntity: notFound
              PASS  step 14 check: ok
            3 passed, 0 failed

            """)
    }

    @Test func theJSONReportCarriesWhatTheAppReceived() throws {
        let result = try BuiltBinary.run(["replay", "--format", "json", "--app-model", Self.model,
                                          "Samples/AppModels/Replays/outliner-entities.plist"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let steps = try #require(((json["scripts"] as? [[String: Any]])?.first?["steps"]) as? [[String: Any]])
        let siri = try #require(steps[2]["result"] as? [String: Any])
        #expect(siri["intent"] as? String == "OpenOutlineAppIntent")
        let outline = (siri["parameters"] as? [String: Any])?["outline"] as? [String: String]
        #expect(outline == ["type": "OutlineAppEntity", "id": "o1", "title": "Groceries"])
        let tap = try #require(steps[8]["result"] as? [String: Any])
        #expect(tap["activityType"] as? String == "com.apple.corespotlightitem")
        #expect(tap["userInfo"] as? [String: String] == ["kCSSearchableItemActivityIdentifier": "o1"])
    }

    @Test func theBridgeBesideTheModelTurnsALegacyIntentIntoItsAppIntent() throws {
        let result = try BuiltBinary.run(["replay", "--format", "json", "--app-model", Self.model,
                                          "Samples/AppModels/Replays/outliner-bridge.plist"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let steps = try #require(((json["scripts"] as? [[String: Any]])?.first?["steps"]) as? [[String: Any]])
        let bridged = try #require(steps[1]["result"] as? [String: Any])
        #expect(bridged["intent"] as? String == "EditOutlineAppIntent")
        #expect((bridged["parameters"] as? [String: Any])?["title"] as? String == "Spring")
        let legacy = try #require(steps[3]["result"] as? [String: Any])
        #expect(legacy["intent"] == nil, "an unmapped type reaches the legacy handler: no intent runs")
        #expect(legacy["activityType"] as? String == "io.example.outliner.openEditor")
    }

    @Test func anExplicitManifestMustBeForAGivenModel() throws {
        let walkMate = try BuiltBinary.run(["replay", "--app-model", Self.model, "--manifest", "Plists/WalkMate-Bridge.plist",
                                            "Samples/AppModels/Replays"])
        #expect(walkMate.status == 64)
        #expect(walkMate.standardError.hasPrefix(
            "error: --manifest 'Plists/WalkMate-Bridge.plist' is for app 'walkmate', which no --app-model names (models: outliner)\n"))
        let alone = try BuiltBinary.run(["replay", "--manifest", "Samples/AppModels/Plists/outliner-Bridge.plist", "Samples/AppModels/Replays"])
        #expect(alone.status == 64)
        #expect(alone.standardError.hasPrefix("error: --manifest needs the --app-model it is for\n"))
    }

    @Test func aWrongExpectationOnTheReceivedParametersFails() throws {
        try withFiles(["wrong.plist": Self.wrongParameters]) { directory in
            let model = BuiltBinary.packageRoot.appendingPathComponent(Self.model).path
            let result = try BuiltBinary.run(["replay", "--app-model", model, "wrong.plist"], in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput == """
                wrong.plist: Wrong outline
                  PASS  step 1 addEntity: ok
                  FAIL  step 2 runShortcut: handled — parameters.outline.id: expected "o2", got "o1"
                0 passed, 1 failed

                """)
        }
    }

    @Test func aModelWithErrorsPrintsItsDiagnosticsAndRunsNothing() throws {
        let file = "Samples/AppModels/Invalid/Shortcuts-AppModel.plist"
        let result = try BuiltBinary.run(["replay", "--app-model", file, "Samples/AppModels/Replays"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("""
            \(file):45:5: error: intent 'OpenIntent' has no parameter 'chapter' [app-model-unknown-parameter]
            \(file):46:5: error: every App Shortcut phrase must contain '${applicationName}' once [app-model-missing-application-name]
            \(file):47:5: error: parameter 'note' is string; a phrase parameter must be an entity or enum [app-model-unsupported-parameter-type]
            \(file):54:4: error: intent 'CloseIntent' is not registered [app-model-unknown-intent]
            error: app model '\(file)' has errors; no script ran

            """))
    }

    @Test func aModelWithOnlyWarningsRunsAndWarns() throws {
        try withFiles(["model.plist": Self.warningModel, "script.plist": Self.noHandlerScript]) { directory in
            let result = try BuiltBinary.run(["replay", "--app-model", "model.plist", "script.plist"], in: directory)
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardError == """
                model.plist:6:3: warning: unknown key 'handledActivityType' in the app model (did you mean 'handledActivityTypes'?); it is ignored [app-model-unknown-key]

                """)
            #expect(result.standardOutput.hasSuffix("1 passed, 0 failed\n"))
        }
    }

    @Test func aMissingModelExitsSixtySix() throws {
        let result = try BuiltBinary.run(["replay", "--app-model", "nowhere.plist", "Samples/AppModels/Replays"])
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("error: cannot read app model 'nowhere.plist': no such file\n"))
    }

    @Test func withoutTheModelItsScriptsNameAnUnknownApp() throws {
        let result = try BuiltBinary.run(["replay", "Samples/AppModels/Replays/outliner-continue.plist"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("unknown app 'outliner' (known: hairdressers, walkmate)"))
    }
}
