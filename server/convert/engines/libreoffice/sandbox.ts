// The bubblewrap sandbox each listener (the Python helper and the soffice it starts) runs in. A
// visitor's document can name other files — RTF INCLUDEPICTURE, LINK and INCLUDETEXT fields, linked
// images with file:// targets in DOCX or ODT, OLE links — and LibreOffice 7.4 reads some of them
// while importing, whatever the profile says. Inside the sandbox the only files are the programs
// and this listener's own two folders, so there is nothing else to read:
//   /usr (read-only)            programs, libraries, python3-uno, fonts; /bin, /lib, /lib64 and /sbin
//                               are the symlinks into it they are on Debian (merged /usr)
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
export const SANDBOX_PROFILE_DIR = '/profile';
export const SANDBOX_JOB_DIR = '/job';

const BWRAP = '/usr/bin/bwrap';

/** The program and arguments that run `command` in the sandbox with the listener's two folders. */
export function sandboxed(command: readonly string[], folders: { profileDir: string; jobDir: string }): [program: string, args: string[]] {
  const readOnly = (...paths: string[]) => paths.flatMap((p) => ['--ro-bind', p, p]);
  return [
    BWRAP,
    [
      '--unshare-all',
      '--die-with-parent',
      '--clearenv',
      ...['--setenv', 'PATH', '/usr/bin', '--setenv', 'HOME', '/tmp', '--setenv', 'LANG', 'C.UTF-8'],
      ...readOnly('/usr', '/etc/fonts', '/etc/libreoffice', '/etc/ld.so.cache'),
      ...['/etc/localtime', '/var/cache/fontconfig'].flatMap((p) => ['--ro-bind-try', p, p]),
      ...['bin', 'lib', 'lib64', 'sbin'].flatMap((dir) => ['--symlink', `usr/${dir}`, `/${dir}`]),
      ...['--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'],
      ...['--bind', folders.profileDir, SANDBOX_PROFILE_DIR, '--bind', folders.jobDir, SANDBOX_JOB_DIR],
      ...['--chdir', SANDBOX_JOB_DIR],
      ...command,
    ],
  ];
}
