public import BuildSettings
public import Diagnostics

// Initializers for the modules of this package that build a project model from another description than a
// pbxproj or an XcodeGen spec: the audit turns a Tuist manifest (read by SwiftFacts, which this module does not
// depend on) into the same model (Audit's TuistProjectBuilder.swift). The smaller types' initializers are
// `package` in their declarations (XcodeProject.swift).

extension XcodeTarget {
    /// A native target with the files of its Sources phase.
    package init(id: String, name: String, productType: String?, productName: String?, buildConfigurations: XcodeConfigurationList,
                 sourceFiles: [ProjectPath], packageProducts: [PackageProductDependency], dependencies: [TargetDependency],
                 location: SourceLocation) {
        self.init(id: id, name: name, kind: .native, productType: productType, productName: productName,
                  buildConfigurations: buildConfigurations, sourceFiles: sourceFiles, sourceFilePlatformFilters: [:],
                  synchronizedFolders: [], synchronizedExtraFiles: [], packageProducts: packageProducts,
                  dependencies: dependencies, location: location)
    }
}

extension XcodeProject {
    /// `path`: the file the project is read from (a manifest); `directory`: its folder, `PROJECT_DIR` and `SRCROOT`.
    package init(path: String, directory: String, name: String, targets: [XcodeTarget], buildConfigurations: XcodeConfigurationList,
                 localPackages: [LocalSwiftPackage], diagnostics: [Diagnostic], files: ProjectFiles) {
        self.init(path: path, directory: directory, sourceRoot: directory, name: name, targets: targets,
                  buildConfigurations: buildConfigurations, localPackages: localPackages, diagnostics: diagnostics, files: files)
    }
}
