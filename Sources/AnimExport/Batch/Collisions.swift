// Outputs that would collide as files and folders (issue 15 item 4): checked over the whole
// plan and against what is on disk in --out, before anything renders (exit 2).
//
//   in the plan   a name that is also a folder of another name ("a.mp4" and "a.mp4/b.png"),
//                 counting previews, the manifest, the review page and the lock file
//   on disk       a folder on the way to a name that is a file ("pulse" is a file, an output
//                 is "pulse/square.mp4"), or a name that is a folder, a device, a FIFO or a
//                 socket (only regular files are replaced)
import Foundation

/// One message per collision, naming the preset file and the field that claims the name.
func fileFolderCollisions(_ claims: [(name: String, owner: String)], out: String) -> [String] {
    var problems: [String] = []
    let owners = Dictionary(claims.map { ($0.name, $0.owner) }, uniquingKeysWith: { a, _ in a })
    for (name, owner) in claims {
        var prefix = ""
        for part in name.split(separator: "/").dropLast() {
            prefix += (prefix.isEmpty ? "" : "/") + part
            if let other = owners[prefix] {
                problems.append("\(owner): '\(name)' needs a folder '\(prefix)', which is also a file written by \(other)")
            }
        }
    }
    for (name, owner) in claims {
        var path = out
        let parts = name.split(separator: "/")
        for (i, part) in parts.enumerated() {
            path += "/" + part
            var st = stat()
            guard stat(path, &st) == 0 else { break }      // the rest does not exist yet
            let last = i == parts.count - 1
            let type = st.st_mode & S_IFMT
            if !last && type != S_IFDIR {
                problems.append("\(owner): '\(name)' needs a folder \(path), which is \(kindName(st.st_mode))")
                break
            }
            if last && type != S_IFREG {
                problems.append("\(owner): '\(name)': \(path) is \(kindName(st.st_mode)); only regular files are replaced")
            }
        }
    }
    return problems
}
