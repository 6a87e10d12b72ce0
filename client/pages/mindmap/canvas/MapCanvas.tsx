// The drawing surface: the scene in one SVG group whose transform is the view (pan and zoom are
// applied to that attribute directly, without a React render, so a 1000-topic map pans at frame
// rate); pointer, touch and wheel gestures; dragging a topic onto another to move it; the text
// box that edits a topic in place.
import { forwardRef, memo, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { LaidNode, MapLayout } from '../model/layout';
import type { Scene } from '../model/scene';

export interface View {
  x: number;
  y: number;
  k: number;
}

export interface CanvasHandle {
  fit(): void;
  zoomBy(factor: number): void;
  /** Pans just enough to show a topic (keyboard navigation). */
  reveal(id: string): void;
  focus(): void;
}

interface Props {
  scene: Scene;
  layout: MapLayout;
  selected: string;
  editing: string | null;
  onSelect(id: string): void;
  onEdit(id: string): void;
  onCommit(text: string): void;
  onCancel(): void;
  onToggle(id: string): void;
  onMove(id: string, parentId: string): void;
  /** Whether `id` may be dropped on `target` (not into its own subtree). */
  canDrop(id: string, target: string): boolean;
}

const MIN_ZOOM = 0.1;
const MAX_ZOOM = 3;
const DRAG_THRESHOLD = 6;
const DOUBLE_TAP_MS = 350;
const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

const SceneLayer = memo(function SceneLayer({ scene }: { scene: Scene }) {
  return (
    <>
      <g fill="none" strokeLinecap="round">
        {scene.edges.map((e) => (
          <path key={e.id} d={e.d} stroke={e.color} strokeWidth={e.width} />
        ))}
      </g>
      {scene.nodes.map((n) => (
        <g key={n.id} data-id={n.id} className="mm-node">
          <rect x={n.x} y={n.y} width={n.w} height={n.h} rx={n.rx} fill={n.fill === 'transparent' ? 'rgba(0,0,0,0)' : n.fill} />
          {n.underline && <path d={`M${n.x} ${n.y + n.h}h${n.w}`} stroke={n.underline} strokeWidth={2} />}
          <text fontSize={n.fontSize} fontWeight={n.fontWeight} fill={n.textColor} textAnchor="middle" dominantBaseline="central">
            {n.text.map((t, i) => (
              <tspan key={i} x={t.x} y={t.y}>
                {t.line}
              </tspan>
            ))}
          </text>
          {n.badge && (
            <g data-toggle={n.id} className="mm-toggle">
              <circle cx={n.badge.x} cy={n.badge.y} r={9} fill="#fff" stroke={n.badge.color} strokeWidth={1.5} />
              <text x={n.badge.x} y={n.badge.y} fontSize={10} fill={n.badge.color} textAnchor="middle" dominantBaseline="central">
                {n.badge.count > 99 ? '99+' : n.badge.count}
              </text>
            </g>
          )}
          {n.toggle && (
            <g data-toggle={n.id} className="mm-toggle mm-toggle-open">
              <circle cx={n.toggle.x} cy={n.toggle.y} r={7} fill="#fff" stroke={n.toggle.color} strokeWidth={1.5} />
              <path d={`M${n.toggle.x - 3.5} ${n.toggle.y}h7`} stroke={n.toggle.color} strokeWidth={1.5} />
            </g>
          )}
        </g>
      ))}
    </>
  );
});

type Gesture =
  | { kind: 'pan'; x: number; y: number; view: View }
  | { kind: 'node'; id: string; x: number; y: number; moved: boolean }
  | { kind: 'pinch'; distance: number; midX: number; midY: number; view: View }
  | null;

export const MapCanvas = forwardRef<CanvasHandle, Props>(function MapCanvas(props, ref) {
  const { scene, layout, selected, editing } = props;
  const stage = useRef<HTMLDivElement>(null);
  const world = useRef<SVGGElement>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const zoomLabel = useRef<HTMLSpanElement>(null);
  const view = useRef<View>({ x: 0, y: 0, k: 1 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture>(null);
  const lastTap = useRef({ id: '', at: 0 });
  const latest = useRef(props);
  latest.current = props;
  const [drag, setDrag] = useState<{ id: string; x: number; y: number; target: string | null } | null>(null);

  const placeEditor = useCallback(() => {
    const box = editor.current;
    const n = latest.current.editing ? latest.current.layout.byId.get(latest.current.editing) : undefined;
    if (!box || !n) return;
    const { x, y, k } = view.current;
    const width = Math.max(n.w + 24, 120);
    box.style.left = `${x + (n.x - (n.side === -1 ? width - n.w : 0)) * k}px`;
    box.style.top = `${y + n.y * k}px`;
    box.style.width = `${width * k}px`;
    box.style.minHeight = `${n.h * k}px`;
    box.style.fontSize = `${n.style.fontSize * k}px`;
  }, []);

  // During a gesture the drawn SVG is moved and scaled as a bitmap by the compositor (a CSS
  // transform relative to the view it was drawn at); a moment after the gesture it is redrawn at
  // the new view. Redrawing a thousand text runs on every frame would not keep up on a phone.
  const svg = useRef<SVGSVGElement>(null);
  const drawn = useRef<View>({ x: 0, y: 0, k: 1 });
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const settle = useCallback(() => {
    const { x, y, k } = view.current;
    drawn.current = { x, y, k };
    world.current?.setAttribute('transform', `translate(${x.toFixed(2)},${y.toFixed(2)}) scale(${k.toFixed(4)})`);
    if (svg.current) svg.current.style.transform = '';
  }, []);
  const apply = useCallback(
    (immediate = false) => {
      const { x, y, k } = view.current;
      if (zoomLabel.current) zoomLabel.current.textContent = `${Math.round(k * 100)}%`;
      placeEditor();
      clearTimeout(settleTimer.current);
      if (immediate) return settle();
      const d = drawn.current;
      const s = k / d.k;
      if (svg.current) svg.current.style.transform = `translate(${(x - d.x * s).toFixed(2)}px,${(y - d.y * s).toFixed(2)}px) scale(${s.toFixed(4)})`;
      // A drag or pinch redraws when it ends (pointer up); wheel steps when they pause.
      const held = gesture.current?.kind === 'pan' || gesture.current?.kind === 'pinch';
      if (!held) settleTimer.current = setTimeout(settle, 160);
    },
    [placeEditor, settle],
  );

  const zoomAt = useCallback(
    (factor: number, sx: number, sy: number) => {
      const v = view.current;
      const k = clampZoom(v.k * factor);
      view.current = { k, x: sx - ((sx - v.x) * k) / v.k, y: sy - ((sy - v.y) * k) / v.k };
      apply();
    },
    [apply],
  );

  const fit = useCallback(() => {
    const el = stage.current;
    if (!el) return;
    const { x, y, w, h } = latest.current.layout.bounds;
    const pad = el.clientWidth < 600 ? 24 : 64;
    const k = clampZoom(Math.min(1.2, (el.clientWidth - pad * 2) / w, (el.clientHeight - pad * 2) / h));
    view.current = { k, x: el.clientWidth / 2 - (x + w / 2) * k, y: el.clientHeight / 2 - (y + h / 2) * k };
    apply(true);
  }, [apply]);

  useImperativeHandle(ref, () => ({
    fit,
    zoomBy: (factor) => zoomAt(factor, (stage.current?.clientWidth ?? 0) / 2, (stage.current?.clientHeight ?? 0) / 2),
    reveal(id) {
      const el = stage.current;
      const n = latest.current.layout.byId.get(id);
      if (!el || !n) return;
      const { x, y, k } = view.current;
      const margin = 40;
      let dx = 0;
      let dy = 0;
      const left = x + n.x * k;
      const right = x + (n.x + n.w) * k;
      const top = y + n.y * k;
      const bottom = y + (n.y + n.h) * k;
      if (left < margin) dx = margin - left;
      else if (right > el.clientWidth - margin) dx = el.clientWidth - margin - right;
      if (top < margin) dy = margin - top;
      else if (bottom > el.clientHeight - margin) dy = el.clientHeight - margin - bottom;
      if (dx || dy) {
        view.current = { k, x: x + dx, y: y + dy };
        apply(true);
      }
    },
    focus: () => stage.current?.focus({ preventScroll: true }),
  }));

  // The wheel zooms around the pointer; it needs a listener that may cancel the page's scroll.
  useEffect(() => {
    const el = stage.current!;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      zoomAt(Math.exp(-delta * (e.ctrlKey ? 0.01 : 0.0015)), e.clientX - rect.left, e.clientY - rect.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  useEffect(() => {
    if (!editing) return;
    placeEditor();
    const box = editor.current;
    if (box) {
      box.focus({ preventScroll: true });
      box.select();
    }
  }, [editing, placeEditor]);

  const toMap = (clientX: number, clientY: number) => {
    const rect = stage.current!.getBoundingClientRect();
    const { x, y, k } = view.current;
    return { x: (clientX - rect.left - x) / k, y: (clientY - rect.top - y) / k };
  };
  const hit = (px: number, py: number, skip: string): string | null => {
    for (const n of latest.current.layout.nodes) {
      if (px >= n.x - 4 && px <= n.x + n.w + 4 && py >= n.y - 4 && py <= n.y + n.h + 4 && latest.current.canDrop(skip, n.id)) return n.id;
    }
    return null;
  };

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.target === editor.current || (e.target as Element).closest('.mm-zoom')) return;
    stage.current!.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const rect = stage.current!.getBoundingClientRect();
      gesture.current = { kind: 'pinch', distance: Math.hypot(a.x - b.x, a.y - b.y), midX: (a.x + b.x) / 2 - rect.left, midY: (a.y + b.y) / 2 - rect.top, view: { ...view.current } };
      setDrag(null);
      return;
    }
    const target = e.target as Element;
    const toggle = target.closest('[data-toggle]')?.getAttribute('data-toggle');
    if (toggle) {
      props.onToggle(toggle);
      gesture.current = null;
      return;
    }
    const id = target.closest('[data-id]')?.getAttribute('data-id');
    if (editing) props.onCommit(editor.current?.value ?? '');
    if (id) {
      props.onSelect(id);
      gesture.current = { kind: 'node', id, x: e.clientX, y: e.clientY, moved: false };
    } else {
      gesture.current = { kind: 'pan', x: e.clientX, y: e.clientY, view: { ...view.current } };
      stage.current!.classList.add('is-panning');
    }
    stage.current!.focus({ preventScroll: true });
  };

  const onPointerMove = (e: React.PointerEvent) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    if (g.kind === 'pinch' && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const k = clampZoom((g.view.k * Math.hypot(a.x - b.x, a.y - b.y)) / g.distance);
      const rect = stage.current!.getBoundingClientRect();
      const midX = (a.x + b.x) / 2 - rect.left;
      const midY = (a.y + b.y) / 2 - rect.top;
      // The map point under the fingers' starting midpoint follows their midpoint.
      const mx = (g.midX - g.view.x) / g.view.k;
      const my = (g.midY - g.view.y) / g.view.k;
      view.current = { k, x: midX - mx * k, y: midY - my * k };
      apply();
    } else if (g.kind === 'pan') {
      view.current = { ...g.view, x: g.view.x + e.clientX - g.x, y: g.view.y + e.clientY - g.y };
      apply();
    } else if (g.kind === 'node' && g.id !== layout.nodes[0]?.id) {
      if (!g.moved && Math.hypot(e.clientX - g.x, e.clientY - g.y) < DRAG_THRESHOLD) return;
      g.moved = true;
      const p = toMap(e.clientX, e.clientY);
      setDrag({ id: g.id, x: p.x, y: p.y, target: hit(p.x, p.y, g.id) });
    }
  };

  const onPointerUp = (e: React.PointerEvent) => {
    pointers.current.delete(e.pointerId);
    stage.current?.classList.remove('is-panning');
    const g = gesture.current;
    if (g?.kind === 'node') {
      if (g.moved) {
        if (drag?.target) props.onMove(g.id, drag.target);
      } else {
        const now = e.timeStamp;
        if (lastTap.current.id === g.id && now - lastTap.current.at < DOUBLE_TAP_MS) {
          props.onEdit(g.id);
          lastTap.current = { id: '', at: 0 };
        } else {
          lastTap.current = { id: g.id, at: now };
        }
      }
    }
    setDrag(null);
    // One finger left of a pinch carries on as a pan from where it is.
    const rest = [...pointers.current.values()][0];
    gesture.current = rest ? { kind: 'pan', x: rest.x, y: rest.y, view: { ...view.current } } : null;
    if (!rest && (g?.kind === 'pan' || g?.kind === 'pinch')) settle();
  };

  const sel = layout.byId.get(selected);
  const dropTarget = drag?.target ? layout.byId.get(drag.target) : undefined;
  const dragged = drag ? layout.byId.get(drag.id) : undefined;
  const editingNode: LaidNode | undefined = editing ? layout.byId.get(editing) : undefined;

  return (
    <div
      ref={stage}
      className="mm-stage"
      style={{ background: scene.background }}
      tabIndex={0}
      role="application"
      aria-label="思维导图画布：Tab 添加子主题，Enter 添加同级主题，Delete 删除，F2 编辑，方向键切换主题"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <svg ref={svg} className="mm-svg" xmlns="http://www.w3.org/2000/svg">
        <g ref={world}>
          <SceneLayer scene={scene} />
          {sel && <rect className="mm-selection" x={sel.x - 4} y={sel.y - 4} width={sel.w + 8} height={sel.h + 8} rx={9} />}
          {dropTarget && <rect className="mm-drop" x={dropTarget.x - 5} y={dropTarget.y - 5} width={dropTarget.w + 10} height={dropTarget.h + 10} rx={10} />}
          {drag && dragged && (
            <g className="mm-ghost" transform={`translate(${drag.x - dragged.w / 2},${drag.y - dragged.h / 2})`}>
              <rect width={dragged.w} height={dragged.h} rx={6} />
              <text x={dragged.w / 2} y={dragged.h / 2} textAnchor="middle" dominantBaseline="central" fontSize={dragged.style.fontSize}>
                {dragged.lines[0]}
              </text>
            </g>
          )}
        </g>
      </svg>
      {editingNode && (
        <textarea
          key={editingNode.id}
          ref={editor}
          className="mm-editor"
          defaultValue={editingNode.node.text}
          aria-label="编辑主题文字"
          rows={Math.max(1, editingNode.lines.length)}
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              props.onCommit(e.currentTarget.value);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              props.onCancel();
            } else if (e.key === 'Tab') {
              e.preventDefault();
              props.onCommit(e.currentTarget.value);
            }
          }}
          onBlur={(e) => latest.current.editing === editingNode.id && props.onCommit(e.currentTarget.value)}
        />
      )}
      <div className="mm-zoom" role="group" aria-label="缩放">
        <button type="button" aria-label="缩小" onClick={() => zoomAt(1 / 1.2, stage.current!.clientWidth / 2, stage.current!.clientHeight / 2)}>
          −
        </button>
        <span ref={zoomLabel} className="mm-zoom-value">
          100%
        </span>
        <button type="button" aria-label="放大" onClick={() => zoomAt(1.2, stage.current!.clientWidth / 2, stage.current!.clientHeight / 2)}>
          +
        </button>
        <button type="button" className="mm-fit" onClick={fit} title="适应画布">
          适应画布
        </button>
      </div>
    </div>
  );
});
