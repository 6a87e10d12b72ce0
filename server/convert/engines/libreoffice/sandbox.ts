// The bubblewrap sandbox each listener (the Python helper and the soffice it starts) runs in. A
// visitor's document can name other files — RTF INCLUDEPICTURE, LINK and INCLUDETEXT fields, linked
// images with file:// targets in DOCX or ODT, OLE links — and LibreOffice 7.4 reads some of them
// while importing, whatever the profile says. Inside the sandbox the only files are the programs
// and this listener's own two folders, so there is nothing else to read:
//   everything engines/jail.ts gives every engine (read-only /usr, fonts, private /tmp, no network), and
//   /etc/fonts, /etc/libreoffice, /etc/ld.so.cache (read-only)
//                               fontconfig's rules, LibreOffice's registry (/usr/lib/libreoffice
//                               links there) and the loader's cache — and nothing else of /etc
//   /etc/localtime (read-only, if present)         PDF dates in the server's time zone
//   /var/cache/fontconfig (read-only, if present)  the font cache: without it every start rescans the fonts
//   /profile (read-write)       this listener's LibreOffice profile
//   /job (read-write)           this listener's job folder: one input and its output at a time
//   /tmp, /dev, /proc           private and empty; UNO's pipe between helper and soffice is a socket in /tmp
// DATA_DIR (other visitors' files, the site's secret), the code and /root do not exist inside.
// --unshare-all leaves no network (remote links fail too) and a pid namespace of its own; the pool
// talks to the helper over stdin/stdout. --clearenv keeps the server's environment out of
// /proc/self/environ. --die-with-parent ends the sandbox with the server; the pool's kill of the
// process group reaches soffice too, since bwrap starts no new session.
import { jailed } from '../jail';

export const SANDBOX_PROFILE_DIR = '/profile';
export const SANDBOX_JOB_DIR = '/job';

/** The program and arguments that run `command` in the sandbox with the listener's two folders. */
export function sandboxed(command: readonly string[], folders: { profileDir: string; jobDir: string }): [program: string, args: string[]] {
  return jailed(command, {
    readOnly: ['/etc/libreoffice'],
    mounts: [
      [folders.profileDir, SANDBOX_PROFILE_DIR],
      [folders.jobDir, SANDBOX_JOB_DIR],
    ],
    cwd: SANDBOX_JOB_DIR,
  });
}
