// The online mind map (/online-mindmap/, mind-map layout): an XMind-like editor that keeps the map
// in this browser and, once logged in, in the account. The server renders the frame; the editor
// starts in the browser (text widths need a canvas, the map comes from localStorage).
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { MINDMAP_LIMITS, MINDMAP_MESSAGES, MindMapError, THEME_IDS, assertWithinLimits, newDocument, type MindMapDoc, type ThemeId } from '../../../shared/mindmap/document';
import { useCurrentUser } from '../../account/session';
import { toast } from '../../components/toast';
import { MapCanvas, type CanvasHandle } from './canvas/MapCanvas';
import { createCanvasMeasure } from './canvas/measure';
import { IMPORT_ACCEPT, importFile, TEXT_FORMATS, type TextFormat } from './formats';
import { editorReducer, initialState } from './model/history';
import { layoutMap, type MapLayout } from './model/layout';
import { buildScene } from './model/scene';
import { NODE_COLORS, THEMES } from './model/themes';
import { addChild, addSibling, indexTree, isWithin, moveNode, removeNode, setColor, setText, toggleCollapsed } from './model/tree';
import { readLocal, remoteMaps, writeLocal, type RemoteSummary } from './storage';
import { downloadBlob, exportImage, type ImageFormat } from './export/download';
import './mindmap.css';

const LOCAL_SAVE_DELAY_MS = 400;
const REMOTE_SAVE_DELAY_MS = 1500;

type SaveState = 'idle' | 'local' | 'saving' | 'remote' | 'failed';

function fileName(doc: MindMapDoc, ext: string): string {
  const base = doc.root.text.replace(/[\\/:*?"<>|\s]+/g, ' ').trim().slice(0, 40) || '思维导图';
  return `${base}.${ext}`;
}

function Editor({ initial, initialRemoteId, blank }: { initial: MindMapDoc; initialRemoteId: string | null; blank: boolean }) {
  const [state, dispatch] = useReducer(editorReducer, initial, initialState);
  const { doc, selected } = state;
  const [editing, setEditing] = useState<string | null>(null);
  const [remoteId, setRemoteId] = useState<string | null>(initialRemoteId);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [panel, setPanel] = useState<'maps' | 'export' | 'style' | null>(null);
  const [maps, setMaps] = useState<RemoteSummary[] | null>(null);
  const { user, checked } = useCurrentUser();
  const canvas = useRef<CanvasHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const measure = useMemo(() => createCanvasMeasure(), []);

  const index = useMemo(() => indexTree(doc.root), [doc.root]);
  const layout: MapLayout = useMemo(() => layoutMap(doc.root, measure), [doc.root, measure]);
  const theme = THEMES[doc.theme];
  const scene = useMemo(() => buildScene(layout, theme), [layout, theme]);
  const current = index.has(selected) ? selected : doc.root.id;

  const edit = useCallback((next: MindMapDoc, select?: string) => dispatch({ type: 'edit', doc: next, select }), []);
  const withRoot = (root: MindMapDoc['root']): MindMapDoc => ({ ...doc, root });

  // Fit the map when a document is opened (and once the page has its size).
  const fitKey = state.past.length === 0 && state.future.length === 0 ? doc.root.id : null;
  useEffect(() => {
    if (fitKey) canvas.current?.fit();
  }, [fitKey]);

  // Autosave: this browser shortly after each edit; the account a little later when logged in.
  // Until the write, the status says nothing (not the previous "saved"), and leaving or reloading
  // the page writes at once, so a quick reload keeps the last edit.
  const latest = useRef({ doc, remoteId });
  latest.current = { doc, remoteId };
  useEffect(() => {
    setSaveState((state) => (state === 'local' ? 'idle' : state));
    const timer = setTimeout(() => setSaveState(writeLocal({ doc, remoteId }) ? 'local' : 'failed'), LOCAL_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc, remoteId]);
  useEffect(() => {
    const flush = () => void writeLocal(latest.current);
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);
  // The document as opened, and whether it is a blank new map: neither is sent to the account
  // until it is edited (a map from the browser that never reached the account is sent at once).
  const firstDoc = useRef(doc);
  const firstIsBlank = useRef(blank);
  useEffect(() => {
    if (!user || (doc === firstDoc.current && (remoteId || firstIsBlank.current))) return;
    const timer = setTimeout(() => {
      setSaveState('saving');
      (remoteId ? remoteMaps.save(remoteId, doc) : remoteMaps.create(doc))
        .then((saved) => {
          setRemoteId(saved.id);
          setSaveState('remote');
          setMaps(null);
        })
        .catch(() => setSaveState('failed'));
    }, REMOTE_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc, remoteId, user]);

  const startEdit = useCallback((id: string) => {
    dispatch({ type: 'select', id });
    setEditing(id);
  }, []);
  // The text box commits on Enter and again on the blur of its unmounting: only the first counts.
  const editingNow = useRef<string | null>(null);
  editingNow.current = editing;
  const commit = (text: string) => {
    const id = editingNow.current;
    if (!id) return;
    editingNow.current = null;
    setEditing(null);
    const clean = text.replace(/\s+$/, '').slice(0, MINDMAP_LIMITS.maxTextLength);
    if (clean !== index.get(id)?.node.text) edit(withRoot(setText(doc.root, id, clean || ' ')));
    canvas.current?.focus();
  };
  const cancel = () => {
    setEditing(null);
    canvas.current?.focus();
  };

  const tooBig = () => {
    if (index.size < MINDMAP_LIMITS.maxNodes) return false;
    toast.error(MINDMAP_MESSAGES.tooManyNodes);
    return true;
  };
  const addChildTopic = () => {
    if (tooBig()) return;
    const r = addChild(doc.root, current, index.get(current)?.depth === 0 ? '分支主题' : '子主题');
    edit(withRoot(r.root), r.id);
    setEditing(r.id);
  };
  const addSiblingTopic = () => {
    if (tooBig()) return;
    const r = addSibling(doc.root, current, current === doc.root.id ? '分支主题' : index.get(current)?.depth === 1 ? '分支主题' : '子主题');
    edit(withRoot(r.root), r.id);
    setEditing(r.id);
  };
  const removeTopic = () => {
    if (current === doc.root.id) return;
    const r = removeNode(doc.root, current);
    edit(withRoot(r.root), r.select);
  };
  const toggle = (id: string) => edit(withRoot(toggleCollapsed(doc.root, id)));

  /** Arrow keys: along the branch outwards or back towards the root, and between siblings. */
  const navigate = (key: string) => {
    const at = index.get(current);
    const laid = layout.byId.get(current);
    if (!at || !laid) return;
    let next: string | undefined;
    if (key === 'ArrowLeft' || key === 'ArrowRight') {
      const outward = key === 'ArrowRight' ? 1 : -1;
      if (laid.side === 0) {
        next = at.node.collapsed ? undefined : at.node.children.map((c) => layout.byId.get(c.id)).find((c) => c?.side === outward)?.id;
      } else if (laid.side === outward) {
        next = at.node.collapsed ? undefined : at.node.children[0]?.id;
      } else {
        next = at.parent?.id;
      }
    } else if (at.parent) {
      const siblings = at.parent.children.filter((c) => layout.byId.get(c.id)?.side === laid.side);
      const i = siblings.findIndex((c) => c.id === current);
      next = siblings[key === 'ArrowUp' ? i - 1 : i + 1]?.id;
    }
    if (next) {
      dispatch({ type: 'select', id: next });
      canvas.current?.reveal(next);
    }
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (editing || (e.target as HTMLElement).closest('.mm-toolbar, .mm-panel')) return;
    const mod = e.ctrlKey || e.metaKey;
    const handled = (() => {
      if (mod && (e.key === 'z' || e.key === 'Z')) return dispatch({ type: e.shiftKey ? 'redo' : 'undo' }), true;
      if (mod && (e.key === 'y' || e.key === 'Y')) return dispatch({ type: 'redo' }), true;
      if (mod) return false;
      switch (e.key) {
        case 'Tab':
          return addChildTopic(), true;
        case 'Enter':
          return addSiblingTopic(), true;
        case 'Delete':
        case 'Backspace':
          return removeTopic(), true;
        case 'F2':
          return startEdit(current), true;
        case ' ':
          return toggle(current), true;
        case 'ArrowUp':
        case 'ArrowDown':
        case 'ArrowLeft':
        case 'ArrowRight':
          return navigate(e.key), true;
        default:
          return false;
      }
    })();
    if (handled) e.preventDefault();
  };

  const load = (next: MindMapDoc, id: string | null, isBlank = false) => {
    assertWithinLimits(next.root);
    setEditing(null);
    firstDoc.current = next;
    firstIsBlank.current = isBlank;
    setRemoteId(id);
    dispatch({ type: 'load', doc: next });
  };

  const onImport = async (file: File) => {
    try {
      if (file.size > MINDMAP_LIMITS.maxImportBytes) throw new MindMapError(MINDMAP_MESSAGES.fileTooLarge);
      const imported = await importFile(file.name, new Uint8Array(await file.arrayBuffer()));
      load(imported, null);
      toast.success(`已导入「${imported.root.text.slice(0, 20)}」`);
    } catch (error) {
      toast.error(error instanceof MindMapError ? error.message : MINDMAP_MESSAGES.badFile);
    }
  };

  const exportText = (format: TextFormat) => {
    const f = TEXT_FORMATS[format];
    downloadBlob(new Blob([f.write(doc)], { type: `${f.mime};charset=utf-8` }), fileName(doc, f.ext));
    setPanel(null);
  };
  const exportPicture = async (format: ImageFormat) => {
    setPanel(null);
    try {
      // What is on the canvas, folded branches included as folded (their badge shows the count).
      await exportImage(format, layout, scene, fileName(doc, format));
    } catch {
      toast.error('导出失败，请稍后重试');
    }
  };

  const openMaps = () => {
    setPanel(panel === 'maps' ? null : 'maps');
    if (user) remoteMaps.list().then(setMaps, () => setMaps([]));
  };

  const saveLabel = { idle: '', local: '已保存到本地浏览器', saving: '正在保存到账户…', remote: '已保存到账户', failed: '保存失败，已保留在本地' }[saveState];
  const sel = index.get(current)?.node;

  return (
    <div className="mm" onKeyDown={onKeyDown}>
      <div className="mm-toolbar" role="toolbar" aria-label="导图工具栏">
        <div className="mm-title">
          <h1>在线思维导图</h1>
          <span className={`mm-save mm-save-${saveState}`} role="status">
            {saveLabel}
          </span>
        </div>
        <div className="mm-actions">
          <button type="button" onClick={openMaps} aria-expanded={panel === 'maps'}>
            我的导图
          </button>
          <button type="button" onClick={() => fileInput.current?.click()}>
            导入
          </button>
          <button type="button" onClick={() => setPanel(panel === 'export' ? null : 'export')} aria-expanded={panel === 'export'}>
            导出
          </button>
          <span className="mm-sep" />
          <button type="button" onClick={() => dispatch({ type: 'undo' })} disabled={!state.past.length} title="撤销 (Ctrl+Z)">
            撤销
          </button>
          <button type="button" onClick={() => dispatch({ type: 'redo' })} disabled={!state.future.length} title="重做 (Ctrl+Y)">
            重做
          </button>
          <span className="mm-sep" />
          <button type="button" onClick={addChildTopic} title="添加子主题 (Tab)">
            子主题
          </button>
          <button type="button" onClick={addSiblingTopic} title="添加同级主题 (Enter)">
            同级主题
          </button>
          <button type="button" onClick={() => startEdit(current)} title="编辑 (F2 或双击)">
            编辑
          </button>
          <button type="button" onClick={removeTopic} disabled={current === doc.root.id} title="删除 (Delete)">
            删除
          </button>
          <button type="button" onClick={() => setPanel(panel === 'style' ? null : 'style')} aria-expanded={panel === 'style'}>
            样式
          </button>
        </div>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={IMPORT_ACCEPT}
          aria-label="导入导图文件"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void onImport(file);
          }}
        />
      </div>

      {panel === 'export' && (
        <div className="mm-panel mm-panel-export" role="menu" aria-label="导出">
          <p className="mm-panel-head">导出图片和文档</p>
          {(['png', 'svg', 'pdf'] as ImageFormat[]).map((f) => (
            <button type="button" role="menuitem" key={f} data-export={f} onClick={() => void exportPicture(f)}>
              {f.toUpperCase()} {f === 'png' ? '图片' : f === 'svg' ? '矢量图' : '文档'}
            </button>
          ))}
          <p className="mm-panel-head">导出导图文件</p>
          {(Object.keys(TEXT_FORMATS) as TextFormat[]).map((f) => (
            <button type="button" role="menuitem" key={f} data-export={f} onClick={() => exportText(f)}>
              {TEXT_FORMATS[f].label}
            </button>
          ))}
        </div>
      )}

      {panel === 'style' && (
        <div className="mm-panel mm-panel-style" aria-label="样式">
          <p className="mm-panel-head">主题风格</p>
          <div className="mm-themes">
            {THEME_IDS.map((id: ThemeId) => (
              <button type="button" key={id} className={doc.theme === id ? 'is-on' : ''} aria-pressed={doc.theme === id} onClick={() => edit({ ...doc, theme: id })}>
                <span className="mm-swatch" style={{ background: THEMES[id].rootFill }} />
                {THEMES[id].palette.slice(0, 3).map((c) => (
                  <span key={c} className="mm-dot" style={{ background: c }} />
                ))}
                {THEMES[id].name}
              </button>
            ))}
          </div>
          <p className="mm-panel-head">当前主题颜色{sel ? `：${sel.text.slice(0, 12)}` : ''}</p>
          <div className="mm-colors">
            {NODE_COLORS.map((c) => (
              <button type="button" key={c} aria-label={`颜色 ${c}`} aria-pressed={sel?.color === c} style={{ background: c }} onClick={() => edit(withRoot(setColor(doc.root, current, c)))} />
            ))}
            <button type="button" className="mm-color-reset" onClick={() => edit(withRoot(setColor(doc.root, current, undefined)))}>
              默认
            </button>
          </div>
        </div>
      )}

      {panel === 'maps' && (
        <div className="mm-panel mm-panel-maps" aria-label="我的导图">
          <div className="mm-panel-row">
            <p className="mm-panel-head">我的导图</p>
            <button
              type="button"
              className="mm-new"
              onClick={() => {
                load(newDocument(), null, true);
                setPanel(null);
              }}
            >
              + 新建导图
            </button>
          </div>
          {!user ? (
            <p className="mm-hint">{checked ? '当前导图自动保存在本浏览器。登录后可保存到账户，在任何设备上打开。' : '正在检查登录…'}</p>
          ) : maps === null ? (
            <p className="mm-hint">正在加载…</p>
          ) : maps.length === 0 ? (
            <p className="mm-hint">账户中还没有导图，编辑后会自动保存。</p>
          ) : (
            <ul className="mm-maps">
              {maps.map((m) => (
                <li key={m.id} className={m.id === remoteId ? 'is-current' : ''}>
                  <button
                    type="button"
                    className="mm-map-open"
                    onClick={() =>
                      remoteMaps.open(m.id).then((opened) => {
                        load(opened.doc, opened.id);
                        setPanel(null);
                      }, () => undefined)
                    }
                  >
                    <strong>{m.title}</strong>
                    <span>
                      {m.nodeCount} 个主题 · {new Date(m.updatedAt).toLocaleString('zh-CN', { hour12: false })}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="mm-map-delete"
                    aria-label={`删除 ${m.title}`}
                    onClick={() => {
                      if (!window.confirm(`删除导图「${m.title}」？删除后无法恢复。`)) return;
                      remoteMaps.remove(m.id).then(() => {
                        setMaps(maps.filter((x) => x.id !== m.id));
                        if (m.id === remoteId) setRemoteId(null);
                      }, () => undefined);
                    }}
                  >
                    删除
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <MapCanvas
        ref={canvas}
        scene={scene}
        layout={layout}
        selected={current}
        editing={editing}
        onSelect={(id) => dispatch({ type: 'select', id })}
        onEdit={startEdit}
        onCommit={commit}
        onCancel={cancel}
        onToggle={toggle}
        onMove={(id, parent) => edit(withRoot(moveNode(doc.root, id, parent)))}
        canDrop={(id, target) => !isWithin(doc.root, target, id) && index.get(id)?.parent?.id !== target}
      />
      <p className="mm-keys">Tab 子主题 · Enter 同级 · Delete 删除 · F2/双击 编辑 · 方向键 切换 · Ctrl+Z/Y 撤销/重做 · 滚轮缩放 · 拖动画布平移</p>
    </div>
  );
}

export default function MindMapPage() {
  // The editor needs the browser (canvas text widths, the map in localStorage): the server renders the frame.
  const [start, setStart] = useState<{ doc: MindMapDoc; remoteId: string | null; blank: boolean } | null>(null);
  useEffect(() => {
    const local = readLocal();
    setStart(local ? { ...local, blank: false } : { doc: newDocument(), remoteId: null, blank: true });
  }, []);
  if (start) return <Editor initial={start.doc} initialRemoteId={start.remoteId} blank={start.blank} />;
  return (
    <div className="mm">
      <div className="mm-toolbar">
        <div className="mm-title">
          <h1>在线思维导图</h1>
        </div>
      </div>
      <div className="mm-stage mm-loading">正在打开导图…</div>
    </div>
  );
}
