# Writes a DXF whose paper-space layout shows model space through a VIEWPORT, for the checks that
# cad-to-pdf and cad-to-img draw model space clipped to each viewport (Debian's python3-ezdxf):
#   /usr/bin/python3 make-viewport.py <out.dxf>
# The viewport shows the model around (0, 0) at 1:2: "视口内文字" lies inside its view, "视口外文字"
# far outside it (it must not reach the page).
import sys
import ezdxf

doc = ezdxf.new('R2010', setup=True)
msp = doc.modelspace()
msp.add_circle((0, 0), 100, dxfattribs={'lineweight': 50})
msp.add_line((-300, 0), (300, 0))
msp.add_text('视口内文字', height=20).set_placement((-40, 20))
msp.add_text('视口外文字', height=20).set_placement((5000, 5000))
layout = doc.layouts.get('Layout1')
layout.page_setup(size=(420, 297), margins=(0, 0, 0, 0), units='mm')
layout.add_text('图框标题', height=8).set_placement((30, 30))
# Centre (210, 150) on paper, 200 × 120 mm, showing model height 240 around (0, 0): scale 1:2.
layout.add_viewport(center=(210, 150), size=(200, 120), view_center_point=(0, 0), view_height=240)
# A second layout: its own viewport (the sheet, ID 2 here) is not a view of model space; the
# window at (100, 100), 80 × 80 mm, shows the model at 1:5.
elevation = doc.layouts.new('立面图')
elevation.page_setup(size=(420, 297), margins=(0, 0, 0, 0), units='mm')
elevation.add_viewport(center=(100, 100), size=(80, 80), view_center_point=(0, 0), view_height=400)
doc.saveas(sys.argv[1])
