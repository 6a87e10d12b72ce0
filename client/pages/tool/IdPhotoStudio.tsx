// The ID photo (img-background-color), loaded only on its page once a photo is chosen: the
// SPEC §3 colour swatches and sizes, and the preview of the uploaded photo. The preview is the
// cut-out person the server made once, placed in each size's frame by the layout it sent, over the
// chosen colour: switching colour or size changes the page only, the download is made at confirm.
import { useState } from 'react';
import { ID_PHOTO_COLORS, ID_PHOTO_SIZES, idPhotoSize, type IdPhotoColor, type IdPhotoPreviewData, type IdPhotoSize } from '../../../shared/id-photo';
import { IMAGE_LOAD_FAILED } from '../../../shared/errors';
import { useReveal } from './reveal';
import type { OptionValues } from './tool-options';

interface PickerProps {
  values: OptionValues;
  disabled: boolean;
  onChange(changes: OptionValues): void;
}

function chosen(values: OptionValues): { color: IdPhotoColor; size: IdPhotoSize } {
  return {
    color: ID_PHOTO_COLORS.find((c) => c.id === values.color) ?? ID_PHOTO_COLORS[0]!,
    size: idPhotoSize(Number(values.size)) ?? ID_PHOTO_SIZES[0]!,
  };
}

const millimetres = (size: IdPhotoSize) => (size.mm ? `${size.mm.width}×${size.mm.height}mm` : '电子版');
const pixels = (size: IdPhotoSize) => `${size.size.width}×${size.size.height}px`;

/** Background colours and sizes, as pressed buttons. */
export function IdPhotoPicker({ values, disabled, onChange }: PickerProps) {
  const { color, size } = chosen(values);
  return (
    <div className="idp-picker">
      <div className="idp-group" role="group" aria-labelledby="idp-color-label">
        <h3 id="idp-color-label" className="idp-label">
          背景颜色<span className="idp-label-value">{color.label}</span>
        </h3>
        <div className="idp-swatches">
          {ID_PHOTO_COLORS.map((c) => (
            <button
              key={c.id}
              type="button"
              className={`idp-swatch ${c.className}`}
              aria-pressed={c.id === color.id}
              aria-label={`${c.label} ${c.value}`}
              title={c.value}
              disabled={disabled}
              onClick={() => onChange({ color: c.id })}
            >
              <span className="idp-chip" style={{ background: c.value }} aria-hidden="true" />
              <span className="idp-swatch-name">{c.label}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="idp-group" role="group" aria-labelledby="idp-size-label">
        <h3 id="idp-size-label" className="idp-label">
          证件照尺寸<span className="idp-label-value">{size.name}</span>
        </h3>
        <div className="idp-sizes">
          {ID_PHOTO_SIZES.map((s) => (
            <button
              key={s.id}
              type="button"
              className="idp-size"
              aria-pressed={s.id === size.id}
              aria-label={`${s.name}，${millimetres(s)}，${pixels(s)}`}
              disabled={disabled}
              onClick={() => onChange({ size: String(s.id) })}
            >
              <strong>{s.name}</strong>
              <span>{millimetres(s)}</span>
              <span>{pixels(s)}</span>
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

interface PreviewProps extends Omit<PickerProps, 'disabled'> {
  /** The cut-out person (transparent PNG). */
  image: string;
  data: IdPhotoPreviewData;
  onConfirm(): void;
  onCancel(): void;
}

const percent = (share: number) => `${share * 100}%`;

/** The photo as it will download, with the picker beside it and the download button. */
export function IdPhotoPreview({ image, data, values, onChange, onConfirm, onCancel }: PreviewProps) {
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const view = useReveal<HTMLElement>(true);
  const { color, size } = chosen(values);
  const layout = data.layouts.find((l) => l.size === size.id);
  return (
    <section ref={view} className="idp-studio" aria-label="证件照预览">
      <div className="idp-stage">
        <div
          className={`idp-frame ${color.className}`}
          // The width follows the size's ratio under a height cap (tool.css), the height the width.
          style={{ aspectRatio: `${size.size.width} / ${size.size.height}`, ['--idp-ratio' as string]: size.size.width / size.size.height, background: color.value }}
          role="img"
          aria-label={`预览：${size.name}，${color.label}背景`}
          data-size={size.id}
          data-color={color.id}
          data-state={state}
        >
          {state === 'failed' ? (
            <span className="idp-frame-note">{IMAGE_LOAD_FAILED}</span>
          ) : (
            layout && (
              <img
                src={image}
                alt=""
                draggable={false}
                style={{ left: percent(layout.left), top: percent(layout.top), width: percent(layout.width), height: percent(layout.height) }}
                onLoad={() => setState('shown')}
                onError={() => setState('failed')}
              />
            )
          )}
          {state === 'loading' && <span className="idp-frame-note">正在载入预览…</span>}
        </div>
        <p className="idp-caption">
          <strong>{size.name}</strong> · {millimetres(size)} · {size.size.width}×{size.size.height} 像素 · {color.label}背景
        </p>
      </div>
      <div className="idp-side">
        <header className="idp-head">
          <h2>预览效果</h2>
          <p>切换背景颜色和尺寸，预览即时更新，满意后再下载</p>
        </header>
        <IdPhotoPicker values={values} disabled={false} onChange={onChange} />
        <div className="panel-actions idp-actions">
          <button type="button" className="btn btn-primary btn-large btn-start" onClick={onConfirm}>
            下载证件照
          </button>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            换一张照片
          </button>
        </div>
        <p className="idp-note">
          下载 {size.size.width}×{size.size.height} 像素、300 DPI 的 JPG 高清证件照
          {data.remainingUses !== null && `，剩余 ${data.remainingUses} 次`}
        </p>
      </div>
    </section>
  );
}
