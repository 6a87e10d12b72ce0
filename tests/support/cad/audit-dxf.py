"""An independent check of DXF files (one JSON line each, in the order given): ezdxf's recover reader and audit, then the entities by
type (model space, paper spaces, blocks) and the text they hold. Prints one JSON object."""
import json
import sys
from collections import Counter

from ezdxf import recover

KIND = {'LWPOLYLINE': 'POLYLINE'}


def texts(entity):
    t = entity.dxftype()
    if t in ('TEXT', 'ATTRIB', 'ATTDEF'):
        return [entity.dxf.text]
    if t == 'MTEXT':
        return [entity.plain_text()]
    if t == 'INSERT':
        return [a.dxf.text for a in entity.attribs]
    return []


def check(path):
    doc, recovered = recover.readfile(path)
    auditor = doc.audit()
    model = Counter(KIND.get(e.dxftype(), e.dxftype()) for e in doc.modelspace())
    paper = Counter()
    for layout in doc.layouts:
        if layout.name != 'Model':
            paper.update(KIND.get(e.dxftype(), e.dxftype()) for e in layout if e.dxftype() != 'VIEWPORT')
    blocks = {}
    for block in doc.blocks:
        if block.name.lower() in ('*model_space', '$model_space') or block.name.lower().startswith(('*paper_space', '$paper_space')):
            continue
        blocks[block.name] = dict(Counter(KIND.get(e.dxftype(), e.dxftype()) for e in block))
    found = []
    for e in doc.modelspace():
        found.extend(texts(e))
    lines = sum(1 for e in doc.modelspace() if e.dxftype() == 'LINE')
    # Each layout's windows onto model space, its own viewport (the lowest id, the sheet) left out.
    viewports = {}
    for layout in doc.layouts:
        if layout.name == 'Model':
            continue
        found_vps = sorted((e for e in layout if e.dxftype() == 'VIEWPORT'), key=lambda v: v.dxf.get('id', 0))
        viewports[layout.name] = [
            {'center': [round(v.dxf.center.x, 6), round(v.dxf.center.y, 6)], 'width': round(v.dxf.width, 6), 'height': round(v.dxf.height, 6),
             'viewCenter': [round(v.dxf.view_center_point.x, 6), round(v.dxf.view_center_point.y, 6)], 'viewHeight': round(v.dxf.view_height, 6),
             'twist': round(v.dxf.get('view_twist_angle', 0), 6)}
            for v in found_vps[1:]
        ]
    return {
        'version': doc.dxfversion,
        'errors': [str(e.message) for e in auditor.errors] + [str(e.message) for e in recovered.errors],
        'fixes': len(auditor.fixes) + len(recovered.fixes),
        'fixMessages': [str(f.message) for f in (recovered.fixes + auditor.fixes)][:20],
        'model': dict(model),
        'paper': dict(paper),
        'blocks': blocks,
        'layers': sorted(l.dxf.name for l in doc.layers),
        'layouts': [l.name for l in doc.layouts],
        'texts': found,
        'lines': lines,
        'viewports': viewports,
    }


if __name__ == '__main__':
    for name in sys.argv[1:]:
        print(json.dumps(check(name), ensure_ascii=False))
