# The built-in encoding of each CFF font program (a PDF's /FontFile3 /Type1C): its glyph name per
# character code. Reads {"font name": "<base64 of the CFF>", ...} on stdin and writes
# {"font name": {"code": "glyph name", ...} | "StandardEncoding" | "ExpertEncoding" | null} on stdout
# (null: fontTools could not read the program). fontTools from Debian's python3-fonttools (README.md).
import base64
import io
import json
import sys

from fontTools.cffLib import CFFFontSet


def encoding(program):
    cff = CFFFontSet()
    cff.decompile(io.BytesIO(base64.b64decode(program)), None)
    names = cff[cff.fontNames[0]].Encoding
    if isinstance(names, str):
        return names
    return {str(code): name for code, name in enumerate(names) if name and name != ".notdef"}


result = {}
for font, program in json.load(sys.stdin).items():
    try:
        result[font] = encoding(program)
    except Exception:  # a broken program is that font's problem: the reading keeps pdf.js's mapping
        result[font] = None
json.dump(result, sys.stdout)
