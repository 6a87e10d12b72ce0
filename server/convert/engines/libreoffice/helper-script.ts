// The Python side of one listener, run as `/usr/bin/python3 -c HELPER_SCRIPT <profile> <pipe>`
// (Debian's python3: the only one python3-uno imports under) inside the listener's sandbox
// (sandbox.ts), so every path it gets is one the sandbox sees. Kept in a string so the server
// bundle, which esbuild builds from JavaScript alone, carries it without a copy step.
//
// It starts soffice with its own profile on a private pipe, connects over UNO, then converts one
// document per line of JSON on stdin and answers one line on stdout:
//   {id, input, output, exportFilter, importFilter?, importOptions?, fitSheetsToWidth?, pageRange?} → {id, ok, error?}
// When soffice dies it exits (code 3) without answering, so the pool can tell a dead listener from a
// document LibreOffice refused. The pool starts it as a process-group leader; killing the group ends both.
export const HELPER_SCRIPT = String.raw`import json
import os
import subprocess
import sys
import threading
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException

CONNECT_TIMEOUT_S = 60
LISTENER_DIED = 3
# com.sun.star.document.MacroExecMode.NEVER_EXECUTE and UpdateDocMode.NO_UPDATE: a visitor's
# document must not run macros or fetch linked content.
NEVER_EXECUTE = 0
NO_UPDATE = 0


def properties(**values):
    return tuple(PropertyValue(Name=name, Value=value) for name, value in values.items())


def reply(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def start_soffice(profile_dir, pipe_name):
    return subprocess.Popen(
        [
            "soffice", "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nolockcheck",
            "-env:UserInstallation=" + uno.systemPathToFileUrl(profile_dir),
            "--accept=pipe,name=" + pipe_name + ";urp;StarOffice.ComponentContext",
        ],
        stdin=subprocess.DEVNULL,
        # stdout carries the protocol; soffice's chatter goes to stderr, which the pool keeps for diagnostics.
        stdout=sys.stderr,
        stderr=sys.stderr,
    )


def connect(soffice, pipe_name):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + CONNECT_TIMEOUT_S
    while True:
        if soffice.poll() is not None:
            sys.exit("soffice exited with %s before accepting connections" % soffice.returncode)
        try:
            context = resolver.resolve("uno:pipe,name=" + pipe_name + ";urp;StarOffice.ComponentContext")
            return context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        except NoConnectException:
            if time.monotonic() > deadline:
                sys.exit("soffice did not accept connections within %d s" % CONNECT_TIMEOUT_S)
            time.sleep(0.1)


def exit_when_soffice_dies(soffice):
    soffice.wait()
    os._exit(LISTENER_DIED)


def fit_sheets_to_width(document):
    # One page wide, as many pages tall as needed: wide sheets no longer split into column strips.
    styles = document.StyleFamilies.getByName("PageStyles")
    for sheet in document.Sheets:
        style = styles.getByName(sheet.PageStyle)
        style.ScaleToPagesX = 1
        style.ScaleToPagesY = 0


def convert(desktop, job):
    load = {"Hidden": True, "ReadOnly": True, "MacroExecutionMode": NEVER_EXECUTE, "UpdateDocMode": NO_UPDATE}
    if job.get("importFilter"):
        load["FilterName"] = job["importFilter"]
    if job.get("importOptions"):
        load["FilterOptions"] = job["importOptions"]
    document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(job["input"]), "_blank", 0, properties(**load))
    if document is None:
        raise RuntimeError("LibreOffice could not load the document")
    try:
        if job.get("fitSheetsToWidth") and document.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
            fit_sheets_to_width(document)
        store = properties(FilterName=job["exportFilter"], Overwrite=True)
        if job.get("pageRange"):
            # The PDF filter reads FilterData only as a typed sequence of PropertyValue.
            data = uno.Any("[]com.sun.star.beans.PropertyValue", properties(PageRange=job["pageRange"]))
            store += (PropertyValue(Name="FilterData", Value=data),)
        uno.invoke(document, "storeToURL", (uno.systemPathToFileUrl(job["output"]), store))
    finally:
        document.close(True)


def serve(soffice, desktop):
    for line in sys.stdin:
        job = json.loads(line)
        try:
            convert(desktop, job)
            reply({"id": job["id"], "ok": True})
        except Exception as error:  # noqa: BLE001 — every failure is answered; a dead listener is told apart first
            if soffice.poll() is not None:
                os._exit(LISTENER_DIED)
            reply({"id": job["id"], "ok": False, "error": "%s: %s" % (type(error).__name__, error)})
    # stdin closed: the pool retires this listener, so let soffice save its profile and quit.
    try:
        desktop.terminate()
    except Exception:  # noqa: BLE001 — soffice may already be going
        pass


def main():
    profile_dir, pipe_name = sys.argv[1], sys.argv[2]
    soffice = start_soffice(profile_dir, pipe_name)
    try:
        desktop = connect(soffice, pipe_name)
        threading.Thread(target=exit_when_soffice_dies, args=(soffice,), daemon=True).start()
        reply({"ready": True})
        serve(soffice, desktop)
        soffice.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    finally:
        if soffice.poll() is None:
            soffice.kill()


if __name__ == "__main__":
    main()
`;
