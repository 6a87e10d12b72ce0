# An independent reader of our DWFx packages (Python's zipfile and ElementTree): prints JSON with
# the parts, which parts no content type covers, relationship targets that do not resolve, XML
# parts that do not parse, and the Path and Glyphs elements of each FixedPage.
#   /usr/bin/python3 check-opc.py <file.dwfx>
import json
import posixpath
import sys
import zipfile
import xml.etree.ElementTree as ET

CT = '{http://schemas.openxmlformats.org/package/2006/content-types}'
REL = '{http://schemas.openxmlformats.org/package/2006/relationships}'
XPS = '{http://schemas.microsoft.com/xps/2005/06}'

z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
report = {'parts': names, 'uncovered': [], 'unresolved': [], 'unparsed': [], 'pages': [], 'roots': []}
types = ET.fromstring(z.read('[Content_Types].xml'))
defaults = {d.get('Extension').lower(): d.get('ContentType') for d in types.iter(CT + 'Default')}
overrides = {o.get('PartName') for o in types.iter(CT + 'Override')}
for name in names:
    if name == '[Content_Types].xml':
        continue
    if '/' + name not in overrides and name.rsplit('.', 1)[-1].lower() not in defaults:
        report['uncovered'].append(name)
    if name.endswith(('.xml', '.rels', '.fdseq', '.fdoc', '.fpage')):
        try:
            ET.fromstring(z.read(name))
        except ET.ParseError as e:
            report['unparsed'].append(name + ': ' + str(e))
for name in names:
    if not name.endswith('.rels'):
        continue
    folder = posixpath.dirname(posixpath.dirname(name))
    for rel in ET.fromstring(z.read(name)).iter(REL + 'Relationship'):
        target = rel.get('Target')
        resolved = target[1:] if target.startswith('/') else posixpath.normpath(posixpath.join(folder, target))
        if resolved not in names:
            report['unresolved'].append(name + ' -> ' + target)
        if name == '_rels/.rels':
            report['roots'].append(rel.get('Type'))
for name in sorted((n for n in names if n.endswith('.fpage')), key=lambda n: int(posixpath.basename(n).split('.')[0])):
    root = ET.fromstring(z.read(name))
    glyphs = list(root.iter(XPS + 'Glyphs'))
    report['pages'].append({
        'name': name,
        'root': root.tag,
        'paths': len(list(root.iter(XPS + 'Path'))),
        'glyphs': len(glyphs),
        'text': ''.join(g.get('UnicodeString', '') for g in glyphs),
        'fonts': sorted({g.get('FontUri') for g in glyphs}),
    })
print(json.dumps(report, ensure_ascii=False))
