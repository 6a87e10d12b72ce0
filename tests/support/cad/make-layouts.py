# Writes a DXF with two paper-space layouts that each hold a title block, for the one-page-per-layout
# checks of cad-to-pdf and cad-to-dwf (Debian's python3-ezdxf):
#   /usr/bin/python3 make-layouts.py <out.dxf>
import sys
import ezdxf

doc = ezdxf.new('R2010', setup=True)
msp = doc.modelspace()
msp.add_circle((0, 0), 50)
msp.add_text('模型空间', height=10).set_placement((-20, 0))
for name, title in (('Layout1', '布局一 图框'), ('立面图', '布局二 立面')):
    layout = doc.layouts.get(name) if name in doc.layouts else doc.layouts.new(name)
    layout.page_setup(size=(420, 297), margins=(0, 0, 0, 0), units='mm')
    layout.add_lwpolyline([(10, 10), (410, 10), (410, 287), (10, 287)], close=True, dxfattribs={'lineweight': 50})
    layout.add_text(title, height=8).set_placement((30, 30))
doc.saveas(sys.argv[1])
