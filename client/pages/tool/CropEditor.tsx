// img-cut's editor: the chosen picture drawn on a canvas as it will come out (rotated, then
// mirrored), with a crop box to drag and four corners to resize. The box is kept in the
// picture's own pixels and written to the x/y/width/height options.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { initialBox, moveBox, resizeBox, RATIO_VALUES, type Box, type Corner } from './crop-geometry';
import type { OptionValues } from './tool-options';

interface Props {
  file: File;
  values: OptionValues;
  disabled: boolean;
  onChange(changes: OptionValues): void;
}

type Drag = { kind: 'move' | Corner; startX: number; startY: number; box: Box };

const CORNERS: readonly Corner[] = ['nw', 'ne', 'sw', 'se'];

function boxOf(values: OptionValues): Box | undefined {
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(values[name]));
  return width! > 0 && height! > 0 ? { x: x!, y: y!, width: width!, height: height! } : undefined;
}

/** Where the dragged corner was when the drag began (the pointer may hold the handle off its exact corner). */
const cornerX = ({ kind, box }: Drag) => (kind.includes('w') ? box.x : box.x + box.width);
const cornerY = ({ kind, box }: Drag) => (kind.includes('n') ? box.y : box.y + box.height);

const boxValues = (box: Box): OptionValues => ({ x: String(box.x), y: String(box.y), width: String(box.width), height: String(box.height) });

export function CropEditor({ file, values, disabled, onChange }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<Drag | undefined>(undefined);
  const [image, setImage] = useState<HTMLImageElement | undefined>();
  const [failed, setFailed] = useState(false);
  const angle = Number(values.angle) || 0;
  const flip = values.flip === 'true';
  const flop = values.flop === 'true';
  const ratio = RATIO_VALUES[values.ratio ?? ''];
  const turned = angle === 90 || angle === 270;
  const width = image ? (turned ? image.naturalHeight : image.naturalWidth) : 0;
  const height = image ? (turned ? image.naturalWidth : image.naturalHeight) : 0;

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => setImage(img);
    img.onerror = () => setFailed(true);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // Draw the picture as the server will turn it: rotate first, then mirror (mirrors are outermost).
  useEffect(() => {
    const target = canvas.current;
    if (!image || !target) return;
    target.width = width;
    target.height = height;
    const context = target.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    if (flop) context.transform(-1, 0, 0, 1, width, 0);
    if (flip) context.transform(1, 0, 0, -1, 0, height);
    context.translate(width / 2, height / 2);
    context.rotate((angle * Math.PI) / 180);
    context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  }, [image, width, height, angle, flip, flop]);

  // A new turn or ratio starts from the whole picture (or the ratio's centred box).
  useEffect(() => {
    if (image) onChange(boxValues(initialBox(width, height, ratio)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [image, width, height, ratio]);

  if (failed) return <p className="editor-note">浏览器无法预览该图片，可直接选择比例、旋转后开始裁剪</p>;
  const box = boxOf(values);
  if (!image || !box) return <p className="editor-note">正在载入预览…</p>;

  /** Pointer position in the picture's pixels. */
  const pointAt = (event: ReactPointerEvent) => {
    const rect = canvas.current!.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) * width) / rect.width, y: ((event.clientY - rect.top) * height) / rect.height };
  };
  const begin = (kind: Drag['kind']) => (event: ReactPointerEvent<HTMLElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = pointAt(event);
    drag.current = { kind, startX: x, startY: y, box };
  };
  const onMove = (event: ReactPointerEvent) => {
    const current = drag.current;
    if (!current) return;
    const { x, y } = pointAt(event);
    const next =
      current.kind === 'move'
        ? moveBox(current.box, x - current.startX, y - current.startY, width, height)
        : resizeBox(current.box, current.kind, cornerX(current) + x - current.startX, cornerY(current) + y - current.startY, width, height, ratio);
    onChange(boxValues(next));
  };
  const end = () => {
    drag.current = undefined;
  };
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;

  return (
    <div className="crop-editor">
      <div className="crop-stage">
        <canvas ref={canvas} className="crop-canvas" aria-label="裁剪预览" />
        <div
          className="crop-box"
          role="group"
          aria-label="裁剪框"
          style={{ left: percent(box.x, width), top: percent(box.y, height), width: percent(box.width, width), height: percent(box.height, height) }}
          onPointerDown={begin('move')}
          onPointerMove={onMove}
          onPointerUp={end}
          onPointerCancel={end}
        >
          {CORNERS.map((corner) => (
            <span key={corner} className={`crop-handle is-${corner}`} onPointerDown={begin(corner)} onPointerMove={onMove} onPointerUp={end} onPointerCancel={end} />
          ))}
        </div>
      </div>
      <p className="editor-note crop-size">
        裁剪区域 {box.width} × {box.height} 像素（原图 {width} × {height}）
      </p>
    </div>
  );
}
