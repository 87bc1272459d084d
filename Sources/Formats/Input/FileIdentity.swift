#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names: its device and inode, with symbolic links followed, so that two names of
/// one file (a symbolic link, a hard link, `./a` and `a`) compare equal.
///
/// ```swift
/// FileIdentity.of("walk.csv") == FileIdentity.of("link-to-walk.csv")   // true
/// ```
package struct FileIdentity: Sendable, Hashable {
    /// The device the file is on (`st_dev`).
    package let device: UInt64
    /// The file's inode on that device (`st_ino`).
    package let inode: UInt64
    /// The file's type and permission bits (`st_mode`).
    package let mode: UInt32

    /// The identity in a `stat` result.
    init(_ info: stat) {
        // truncatingIfNeeded: dev_t is Int32 on Darwin and UInt64 on Linux (only equality matters here).
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        mode = UInt32(truncatingIfNeeded: info.st_mode)
    }

    /// The file `path` names, links followed; `nil` when nothing is there (or a link dangles).
    package static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// The file an open descriptor refers to (standard input is 0, standard output 1).
    package static func of(descriptor: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// Whether this is the same file as `other` (same device and inode).
    package func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode
    }

    /// A regular file.
    package var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

    /// A character or block device (`/dev/null`): writing to one replaces nothing.
    package var isDevice: Bool {
        let type = mode & UInt32(S_IFMT)
        return type == UInt32(S_IFCHR) || type == UInt32(S_IFBLK)
    }
}

/// Whether a user may write a file, decided from its permission bits and owner as `access(2)` decides
/// for `W_OK`, with one difference: a file with no write bit at all (`chmod 444`) is read-only for
/// everyone, the superuser included, because someone marked it so on purpose.
///
/// Replacing a file by renaming a new one over it needs only the folder's permission; a command that
/// replaces its output that way asks this first, so that a file the user cannot write stays as it is.
///
/// ```swift
/// WriteAccess.allows(mode: 0o644, owner: 1000, group: 1000, user: 1001, groups: [1000])   // false
/// ```
package enum WriteAccess {
    /// The decision, from made-up or real `stat` fields.
    /// - Parameters:
    ///   - mode: The file's `st_mode` (only the permission bits are read).
    ///   - owner: The file's owner (`st_uid`).
    ///   - group: The file's group (`st_gid`).
    ///   - user: The effective user id asking (0 is the superuser).
    ///   - groups: The user's effective group and supplementary groups.
    package static func allows(mode: UInt32, owner: UInt32, group: UInt32, user: UInt32, groups: Set<UInt32>) -> Bool {
        guard mode & 0o222 != 0 else { return false }
        if user == 0 { return true }
        if user == owner { return mode & 0o200 != 0 }
        if groups.contains(group) { return mode & 0o020 != 0 }
        return mode & 0o002 != 0
    }

    /// The decision for this process (its effective user and groups) about the file at `path`, links
    /// followed; `true` when nothing is there.
    package static func currentUserMayWrite(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return allows(
            mode: UInt32(info.st_mode), owner: UInt32(info.st_uid), group: UInt32(info.st_gid),
            user: UInt32(geteuid()), groups: currentGroups())
    }

    /// The effective group and the supplementary groups of this process.
    static func currentGroups() -> Set<UInt32> {
        var groups: Set<UInt32> = [UInt32(getegid())]
        let count = getgroups(0, nil)
        if count > 0 {
            var list = [gid_t](repeating: 0, count: Int(count))
            let n = getgroups(count, &list)
            if n > 0 { for g in list.prefix(Int(n)) { groups.insert(UInt32(g)) } }
        }
        return groups
    }
}
