# Writes a DXF holding every entity type the CAD tools carry, with ezdxf (Debian's python3-ezdxf):
#   /usr/bin/python3 make-drawing.py <out.dxf> [R12|R2000|R2004|R2007|R2010|R2013|R2018]
# The drawing's text (Chinese included) is listed in DRAWING_TEXT of drawings.ts: keep them in step.
import re
import sys
import ezdxf

out = sys.argv[1]
version = sys.argv[2] if len(sys.argv) > 2 else 'R2010'
doc = ezdxf.new(version, setup=True)
doc.layers.add('墙体', color=1, linetype='DASHED', lineweight=50)
doc.layers.add('TEXT', color=5)
doc.layers.add('HIDDEN_OFF', color=2).off()
msp = doc.modelspace()
msp.add_line((0, 0), (100, 0), dxfattribs={'layer': '墙体'})
msp.add_line((0, 10), (100, 10), dxfattribs={'color': 3, 'lineweight': 70})
msp.add_circle((50, 50), 20)
msp.add_arc((50, 50), 30, 0, 90)
msp.add_polyline2d([(0, 200), (50, 220), (100, 200)])
# R12 has no LWPOLYLINE, ELLIPSE, SPLINE, MTEXT, XLINE, RAY or HATCH.
if version != 'R12':
    msp.add_lwpolyline([(0, 100, 0, 0, 0.5), (50, 120, 1, 0, 0), (100, 100, 0, 0, 0)], format='xyseb', close=True)
    msp.add_ellipse((150, 50), major_axis=(40, 0), ratio=0.5, start_param=0, end_param=3.14159)
    msp.add_spline([(0, 400), (30, 450), (60, 380), (100, 420)])
    msp.add_mtext('多行文字第一行\\P第二行 MText', dxfattribs={'char_height': 4, 'insert': (10, 550), 'width': 80})
    msp.add_xline((0, 0), (1, 1))
    msp.add_ray((0, 0), (1, -1))
msp.add_polyline3d([(0, 300, 0), (50, 320, 10), (100, 300, 0)])
msp.add_text('图纸标题 Title', height=5, dxfattribs={'layer': 'TEXT', 'rotation': 15}).set_placement((10, 500))
blk = doc.blocks.new('DOOR')
blk.add_line((0, 0), (10, 0))
blk.add_arc((0, 0), 10, 0, 90)
blk.add_attdef('NO', (0, -3), dxfattribs={'height': 2})
outer = doc.blocks.new('OUTER')
outer.add_blockref('DOOR', (5, 5))
outer.add_circle((0, 0), 2)
door = msp.add_blockref('DOOR', (200, 0), dxfattribs={'rotation': 30, 'xscale': 2, 'yscale': 2})
door.add_auto_attribs({'NO': '门-1'})
msp.add_blockref('OUTER', (250, 0))
if version != 'R12':
    solid = msp.add_hatch(color=3)
    solid.paths.add_polyline_path([(300, 0), (350, 0), (350, 50), (300, 50)], is_closed=True)
    pattern = msp.add_hatch()
    pattern.set_pattern_fill('ANSI31', scale=2)
    pattern.paths.add_polyline_path([(400, 0), (450, 0), (450, 50)], is_closed=True)
dim = msp.add_linear_dim(base=(0, -20), p1=(0, 0), p2=(100, 0))
dim.render()
if version != 'R12':
    msp.add_leader([(0, 600), (20, 620), (40, 620)])
msp.add_solid([(500, 0), (520, 0), (500, 20), (520, 20)])
# TRACE: neither parser knows it (the reader recovers it from the group-code stream).
msp.add_trace([(530, 0), (560, 0), (530, 4), (560, 4)])
msp.add_point((600, 0))
doc.saveas(out)
if version == 'R12':
    # ezdxf 0.18 writes \U+xxxx escapes in lower case, which its own recover reader cannot decode.
    with open(out, encoding='ascii') as f:
        text = re.sub(r'\\U\+([0-9a-f]{4})', lambda m: '\\U+' + m.group(1).upper(), f.read())
    with open(out, 'w', encoding='ascii') as f:
        f.write(text)
