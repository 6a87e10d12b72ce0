// The bubblewrap jail every engine process that opens a visitor's file runs in (LibreOffice's
// listeners included, libreoffice/sandbox.ts). Inside there are the programs and the few folders
// the run names, nothing else: DATA_DIR (other visitors' files, the database, the link secret),
// the code and /root do not exist; there is no network (--unshare-all); the server's environment
// (its secrets) is cleared. What is visible and why:
//   /usr (read-only)                 programs, libraries, fonts, tessdata, calibre; /bin, /lib,
//                                    /lib64 and /sbin are the symlinks into it they are on Debian
//   /etc/fonts, /etc/ld.so.cache     fontconfig's rules and the loader's cache
//   /etc/alternatives                Debian's links to the chosen BLAS and other shared libraries (ffmpeg)
//   /etc/ghostscript, /var/lib/ghostscript   Ghostscript's font maps and CMaps (read-only, if present)
//   /etc/ssl                         openssl's configuration (timestamps); no network to use it with
//   /etc/localtime, /var/cache/fontconfig    dates in the server's zone, the font cache (if present)
//   /tmp, /dev, /proc                private and empty
//   the run's own folders            read-write, at the same paths, so arguments need no rewriting
// --die-with-parent ends the jail with the server; a kill of the process group reaches everything.
import fs from 'node:fs';
import path from 'node:path';

export const BWRAP = '/usr/bin/bwrap';

export interface JailOptions {
  /** Folders bound read-write at their own paths. */
  readWrite?: readonly string[];
  /** Folders bound at other paths inside (LibreOffice's fixed /profile and /job): [outside, inside]. */
  mounts?: ReadonlyArray<readonly [string, string]>;
  /** Extra read-only system folders this program needs (bound if present). */
  readOnly?: readonly string[];
  /** The environment inside: nothing of the server's is passed on. */
  env?: Readonly<Record<string, string>>;
  /** Working directory inside. */
  cwd?: string;
}

const SYSTEM_READ_ONLY = ['/usr', '/etc/fonts', '/etc/ld.so.cache'];
const SYSTEM_READ_ONLY_IF_PRESENT = ['/etc/alternatives', '/etc/ghostscript', '/var/lib/ghostscript', '/etc/ssl', '/etc/localtime', '/var/cache/fontconfig'];

/**
 * Set in a job's child process (tasks/isolation), which runs in a jail of its own holding only its
 * job's folders: the engines it starts are inside that jail already (bubblewrap cannot mount /proc
 * in a jail inside another), so they only get a cleared environment.
 */
export const INSIDE_JOB_JAIL_ENV = 'PDF365_INSIDE_JOB_JAIL';

/** The program and arguments that run `command` jailed. */
export function jailed(command: readonly string[], options: JailOptions = {}): [program: string, args: string[]] {
  const env = { PATH: '/usr/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...options.env };
  if (process.env[INSIDE_JOB_JAIL_ENV] === '1' && !options.mounts?.length) {
    return ['/usr/bin/env', ['-i', ...(options.cwd ? ['-C', options.cwd] : []), ...Object.entries(env).map(([name, value]) => `${name}=${value}`), ...command]];
  }
  return [
    BWRAP,
    [
      '--unshare-all',
      '--die-with-parent',
      '--clearenv',
      ...Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value]),
      ...SYSTEM_READ_ONLY.flatMap((p) => ['--ro-bind', p, p]),
      ...[...SYSTEM_READ_ONLY_IF_PRESENT, ...(options.readOnly ?? [])].flatMap((p) => ['--ro-bind-try', p, p]),
      ...['bin', 'lib', 'lib64', 'sbin'].flatMap((dir) => ['--symlink', `usr/${dir}`, `/${dir}`]),
      ...['--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'],
      ...(options.readWrite ?? []).flatMap((p) => ['--bind', p, p]),
      ...(options.mounts ?? []).flatMap(([outside, inside]) => ['--bind', outside, inside]),
      ...(options.cwd ? ['--chdir', options.cwd] : []),
      ...command,
    ],
  ];
}

/**
 * The folders a run names: each absolute path among the arguments (also after `=` as in
 * -sOutputFile=/…, after ffmpeg's `file:`, and inside qpdf's @file) gives its folder, or itself when it is one, plus the working directory. The
 * task's input folder and its job's work folder are what converters pass; nothing wider is bound.
 */
export function foldersOf(args: readonly string[], cwd?: string): string[] {
  const folders = new Set<string>();
  const add = (candidate: string) => {
    if (!path.isAbsolute(candidate) || candidate.startsWith('/usr/') || candidate.startsWith('/dev/') || candidate.startsWith('/proc/')) return;
    const folder = isDirectory(candidate) ? candidate : path.dirname(candidate);
    if (folder !== '/' && isDirectory(folder)) folders.add(path.resolve(folder));
  };
  const visit = (arg: string, depth: number) => {
    add(arg);
    // ffmpeg's inputs and outputs are named `file:/…` so no name is taken for a protocol.
    if (arg.startsWith('file:')) add(arg.slice(5));
    const eq = arg.indexOf('=');
    if (eq > 0) add(arg.slice(eq + 1));
    // qpdf's @file holds further arguments, one a line (passwords stay off the command line).
    if (arg.startsWith('@') && depth === 0 && path.isAbsolute(arg.slice(1))) {
      add(arg.slice(1));
      for (const line of readArgumentFile(arg.slice(1))) visit(line, depth + 1);
    }
  };
  for (const arg of args) visit(arg, 0);
  if (cwd) add(cwd);
  // A folder inside another one already bound adds nothing.
  return [...folders].filter((f) => ![...folders].some((other) => other !== f && f.startsWith(other + path.sep)));
}

function readArgumentFile(file: string): string[] {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The folders a Node program reads besides the system's: its bundle's folder and the packages it
 * loads (a scratch build links node_modules from elsewhere). Job children and the CAD reader.
 */
export function codeFolders(entry: string): string[] {
  const folders = [path.dirname(entry)];
  for (let dir = path.dirname(entry); ; dir = path.dirname(dir)) {
    const modules = path.join(dir, 'node_modules');
    if (fs.existsSync(modules)) {
      // Where node looks, and where it leads when it is a link (a scratch build's, a worktree's).
      folders.push(modules, fs.realpathSync(modules));
      break;
    }
    if (dir === path.dirname(dir)) break;
  }
  return folders;
}
