// Where an OUTPUT may be written, checked before any work (issue 15 item 5).
//
// The file is written to a hidden temporary beside it and renamed over it when complete, so
// whatever is at OUTPUT is replaced only by a whole file. What may be replaced:
//
//   nothing there                   written
//   a regular file                  replaced with -y (else an error: "pass -y")
//   a symlink to a regular file     the file it points to is replaced with -y, as ffmpeg
//                                   does; the link stays (the temporary goes beside the target)
//   a dangling symlink              an existing entry like any other: with -y the link itself
//                                   is replaced by the new file (nothing is created where it
//                                   pointed)
//   a folder, a device node, a FIFO, a socket, or a symlink to one of them: refused, even
//                                   with -y (a device or FIFO is never opened for writing)
//
// The folder must exist and accept a new file (tried for real: access(2) says yes to root
// even where creation fails), and the name must fit the file system's limit (NAME_MAX).
import Foundation

/// Checks that `path` can be written (as a new file or, with `overwrite`, over an existing
/// one) and returns the path to write: `path`, or the file a symlink at `path` points to.
@discardableResult
func checkDestination(_ path: String, overwrite: Bool, extensions: [String]) throws(ExportError) -> String {
    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
    guard extensions.contains(ext) else {
        let list = extensions.map { "." + $0 }
        let what = extensions == ["png"] ? "a PNG image" : extensions == ["mp4", "m4v"] ? "H.264 in MP4" : "the formats animexport writes"
        throw .usage("\(path): OUTPUT must end in \(list.count > 1 ? list.dropLast().joined(separator: ", ") + " or " + list.last! : list[0]) (\(what))")
    }
    let ownName = URL(fileURLWithPath: path).lastPathComponent
    let ownLimit = pathconf(URL(fileURLWithPath: path).deletingLastPathComponent().path, Int32(_PC_NAME_MAX))
    if ownLimit > 0 && ownName.utf8.count > ownLimit {
        throw .usage("\(path): the name is \(ownName.utf8.count) bytes, longer than the file system's limit of \(ownLimit)")
    }
    var target = path
    var exists = true
    var link = stat()
    if lstat(path, &link) != 0 {
        guard errno == ENOENT else { throw .usage("\(path): cannot be examined (\(String(cString: strerror(errno))))") }
        exists = false
    } else if link.st_mode & S_IFMT == S_IFLNK {
        var st = stat()
        if stat(path, &st) != 0 {
            if errno == ELOOP { throw .usage("\(path): is a loop of symbolic links") }
            // Dangling: the link itself is the existing entry (replaced with -y).
            if !overwrite { throw .usage("\(path): already exists (a symbolic link to \(linkTarget(path)), which does not exist); pass -y to replace the link") }
        } else {
            guard st.st_mode & S_IFMT == S_IFREG else {
                throw .usage("\(path): is a symbolic link to \(kindName(st.st_mode)) (\(linkTarget(path))); only regular files are replaced")
            }
            guard let real = realPath(path) else { throw .usage("\(path): the symbolic link cannot be resolved") }
            target = real
        }
    } else if link.st_mode & S_IFMT == S_IFDIR {
        throw .usage("\(path): is a directory; give a file name")
    } else if link.st_mode & S_IFMT != S_IFREG {
        throw .usage("\(path): is \(kindName(link.st_mode)); only regular files are replaced, even with -y")
    }
    let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
    var folderIsDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &folderIsDir), folderIsDir.boolValue else {
        throw .usage("\(path): folder \(folder) does not exist")
    }
    let name = URL(fileURLWithPath: target).lastPathComponent
    let limit = pathconf(folder, Int32(_PC_NAME_MAX))
    if limit > 0 && name.utf8.count > limit {
        throw .usage("\(path): the name is \(name.utf8.count) bytes, longer than the file system's limit of \(limit)")
    }
    guard canCreateFile(in: folder) else { throw .usage("\(path): folder \(folder) is not writable") }
    if exists && !overwrite { throw .usage("\(path): already exists; pass -y to replace it") }
    return target
}

/// "a character device", "a FIFO (named pipe)" … for the st_mode of something that is not a file.
func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFSOCK: return "a socket"
    case S_IFDIR: return "a directory"
    case S_IFLNK: return "a symbolic link"
    case S_IFREG: return "a regular file"
    default: return "not a regular file"
    }
}

/// What the symlink at `path` points to, as written in the link.
func linkTarget(_ path: String) -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
}

/// Whether a new file can be created in `folder` (tried for real: `access(2)` says yes to
/// root even on folders where creation fails, such as /proc or a read-only mount).
func canCreateFile(in folder: String) -> Bool {
    let probe = folder + "/.animexport-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
    guard fd >= 0 else { return false }
    close(fd)
    unlink(probe)
    return true
}
