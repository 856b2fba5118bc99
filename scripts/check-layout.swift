#!/usr/bin/env swift
// check-layout.swift — the module layout rules `make test` checks before it builds anything.
//
//   1. Every import in a target's Swift files names a module that the target declares in
//      Package.swift, or a system module (`systemModules` below). All spellings count:
//      `import M`, `@testable import M`, `@_implementationOnly import M`, `@_spi(S) import M`,
//      `public/package/internal… import M`, `import struct M.T`, `import M.Sub`.
//   2. Every dependency a target declares is imported by at least one of its files (Package.swift
//      declares exactly what each target imports: no more, no less).
//   3. No file of the repository refers to the team's shared folder outside it: documents the
//      code cites live in docs/.
//
// The declared dependencies come from `swift package dump-package` (the manifest as SwiftPM
// reads it); a target's files are the .swift files under its path (default Sources/NAME or
// Tests/NAME), symlinked files included, minus its `exclude` entries. Lines inside block comments
// and multi-line string literals are skipped.
//
// Usage: swift scripts/check-layout.swift [ROOT]     ROOT defaults to the current directory.
// Prints one line per problem naming the file (and line), the module and the target; exit 1 if
// there is any, 0 otherwise. scripts/test-check-layout.sh plants violations to test it.

import Foundation

let systemModules: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Darwin", "Android", "WinSDK", "ucrt",
    "WASILibc", "Dispatch", "Testing", "XCTest", "Synchronization", "Observation", "Distributed",
    "RegexBuilder", "_Concurrency", "_StringProcessing", "_Builtin_intrinsics", "SwiftShims", "Cxx",
    "CxxStdlib",
]
/// The shared folder outside the repository, spelled in two pieces so this file does not match.
let outsideReferences = ["../" + "shared", "/work/" + "shared"]

let root = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")
    .standardizedFileURL
var problems: [String] = []

// MARK: The manifest

struct Target {
    let name: String
    let directory: String     // relative to root
    let dependencies: [String]
    let exclude: [String]
}

func dumpPackage() -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let swift = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"
    process.arguments = [swift, "package", "--package-path", root.path, "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch {
        FileHandle.standardError.write(Data("check-layout: cannot run \(swift) package: \(error)\n".utf8))
        exit(2)
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
          let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        FileHandle.standardError.write(Data("check-layout: swift package dump-package failed in \(root.path)\n".utf8))
        exit(2)
    }
    return json
}

func swiftTargets(_ manifest: [String: Any]) -> [Target] {
    let targets = manifest["targets"] as? [[String: Any]] ?? []
    return targets.compactMap { target in
        guard let name = target["name"] as? String, let type = target["type"] as? String,
              ["regular", "executable", "test"].contains(type) else { return nil }
        let directory = target["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
        let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
            dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
        }
        return Target(name: name, directory: directory, dependencies: dependencies,
                      exclude: target["exclude"] as? [String] ?? [])
    }
}

/// The module a target's name compiles to (`animexport-bench` → `animexport_bench`).
func moduleName(_ target: String) -> String { target.replacingOccurrences(of: "-", with: "_") }

// MARK: Imports

let importLine = try! NSRegularExpression(pattern:
    #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"#
    + #"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)

/// (line number, module) of every import in `text`.
func imports(in text: String) -> [(Int, String)] {
    var result: [(Int, String)] = []
    var inBlockComment = false, inString = false
    for (index, raw) in text.components(separatedBy: "\n").enumerated() {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if inBlockComment {
            if line.contains("*/") { inBlockComment = false }
            continue
        }
        let quotes = line.components(separatedBy: "\"\"\"").count - 1
        if inString {
            if quotes % 2 == 1 { inString = false }
            continue
        }
        if quotes % 2 == 1 { inString = true; continue }
        if line.hasPrefix("/*") { inBlockComment = !line.contains("*/"); continue }
        let range = NSRange(line.startIndex..., in: line)
        if let match = importLine.firstMatch(in: line, range: range),
           let module = Range(match.range(at: 1), in: line) {
            result.append((index + 1, String(line[module])))
        }
    }
    return result
}

func swiftFiles(of target: Target) -> [String] {
    let base = root.appendingPathComponent(target.directory).path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
        guard path.hasSuffix(".swift"),
              !target.exclude.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { continue }
        files.append(target.directory + "/" + path)
    }
    return files.sorted()
}

let targets = swiftTargets(dumpPackage())
let packageModules = Set(targets.map { moduleName($0.name) })
for target in targets {
    let declared = Set(target.dependencies.map(moduleName))
    var used: Set<String> = []
    for file in swiftFiles(of: target) {
        guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
            problems.append("\(file): cannot be read as UTF-8")
            continue
        }
        for (line, module) in imports(in: text) {
            used.insert(module)
            if declared.contains(module) || module == moduleName(target.name) { continue }
            if systemModules.contains(module) && !packageModules.contains(module) { continue }
            problems.append("\(file):\(line): imports \(module), which target \(target.name) does not declare "
                            + "(Package.swift)")
        }
    }
    for module in target.dependencies where !used.contains(moduleName(module)) {
        problems.append("Package.swift: target \(target.name) declares \(module), which none of its files imports")
    }
}

// MARK: References outside the repository

/// Files tracked by git (plus untracked, not ignored ones), or every file when ROOT is not a work tree.
func repositoryFiles() -> [String] {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", root.path, "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
    let output = Pipe()
    git.standardOutput = output
    git.standardError = FileHandle.nullDevice
    if FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path),
       (try? git.run()) != nil {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        if git.terminationStatus == 0 {
            return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
        }
    }
    var files: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let path = enumerator?.nextObject() as? String {
        let top = path.split(separator: "/").first.map(String.init) ?? path
        if [".build", ".git", ".swiftpm"].contains(top) { enumerator?.skipDescendants(); continue }
        files.append(path)
    }
    return files
}

let needles = outsideReferences.map { Data($0.utf8) }
for file in repositoryFiles().sorted() {
    let url = root.appendingPathComponent(file)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
          let data = try? Data(contentsOf: url), needles.contains(where: { data.range(of: $0) != nil }) else { continue }
    let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    for (index, line) in lines.enumerated() {
        for reference in outsideReferences where line.contains(reference) {
            problems.append("\(file):\(index + 1): refers to \(reference), outside the repository "
                            + "(cite docs/ instead)")
        }
    }
}

for problem in problems { print("check-layout: \(problem)") }
if !problems.isEmpty { exit(1) }
print("check-layout: \(targets.count) targets import exactly what Package.swift declares; "
      + "nothing refers outside the repository")
