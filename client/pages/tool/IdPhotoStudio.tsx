// The ID photo (img-background-color), loaded only on its page once a photo is chosen: the
// SPEC §3 colour swatches and sizes, and the preview of the uploaded photo. The preview is the
// cut-out person the server made once, placed in each size's frame by the layout it sent, over the
// chosen colour: switching colour or size changes the page only; the photo is made on request.
import { useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '../../account/session';
import { getPhotoBackgroundAvailableNum } from '../../api/pay';
import { ID_PHOTO_COLORS, ID_PHOTO_SIZES, idPhotoSize, type IdPhotoColor, type IdPhotoPreviewData, type IdPhotoSize } from '../../../shared/id-photo';
import { IMAGE_LOAD_FAILED } from '../../../shared/errors';
import { formatFileSize } from '../../../shared/format';
import { useReveal } from './reveal';
import { deletionTime } from './ResultPanel';
import { useTaskRun } from './task-run';
import type { OptionValues } from './tool-options';
import './id-photo.css';

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
  const sizes = useRef<HTMLDivElement>(null);
  // Where the sizes scroll sideways (beside the preview on a phone), start at the chosen one.
  useEffect(() => {
    const row = sizes.current;
    const current = row?.querySelector('[aria-pressed="true"]');
    if (row && current && row.scrollWidth > row.clientWidth) row.scrollLeft += current.getBoundingClientRect().left - row.getBoundingClientRect().left - 8;
  }, []);
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
        <div ref={sizes} className="idp-sizes">
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
  /** The task whose preview step made `image`; each photo is its final run, again and again. */
  taskId: string;
  /** The cut-out person (transparent PNG). */
  image: string;
  data: IdPhotoPreviewData;
  /** The task options of the current values. */
  options: Record<string, unknown>;
  onCancel(): void;
}

const percent = (share: number) => `${share * 100}%`;

/**
 * The logged-in user's ID-photo pack uses left (getPhotoBackgroundAvailableNum: the converter
 * knows no accounts), read when the preview shows (its upload took a use once the day's free ones
 * were gone) and after each photo made. Shown once there is a pack, and still at 0 once it was.
 */
function usePackUses(madePhotos: number): number | undefined {
  const { user } = useCurrentUser();
  const [left, setLeft] = useState<number>();
  const hadPack = useRef(false);
  useEffect(() => {
    if (!user) return setLeft(undefined);
    let live = true;
    getPhotoBackgroundAvailableNum()
      .then((n) => {
        if (!live || n === undefined) return;
        if (n > 0) hadPack.current = true;
        setLeft(n);
      })
      .catch(() => undefined); // only a note: the photo is made either way
    return () => {
      live = false;
    };
  }, [user, madePhotos]);
  return left !== undefined && (left > 0 || hadPack.current) ? left : undefined;
}

/**
 * The photo as it will download, with the picker beside it. 生成 makes the full-size photo from
 * the same upload (the final run of the preview's task); 下载 saves it. Another colour or size
 * can be made after that, without uploading again.
 */
export function IdPhotoPreview({ taskId, image, data, values, options, onChange, onCancel }: PreviewProps) {
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const view = useReveal<HTMLElement>(true);
  const final = useTaskRun();
  /** The options of the photo made last, to tell whether it is the one shown. */
  const [made, setMade] = useState('');
  const { color, size } = chosen(values);
  const layout = data.layouts.find((l) => l.size === size.id);
  const wanted = JSON.stringify(options);
  const run = final.phase;
  const busy = run.kind === 'processing';
  const photo = run.kind === 'done' && made === wanted ? run.task.files[0] : undefined;
  const packUses = usePackUses(run.kind === 'done' ? 1 : 0);
  const remaining = data.remainingUses ?? packUses;
  const generate = () => {
    setMade(wanted);
    final.confirm(taskId, options);
  };
  return (
    <section ref={view} className="idp-studio" aria-label="证件照预览">
      <div className="idp-stage">
        <div
          className={`idp-frame ${color.className}`}
          // The width follows the size's ratio under a height cap (id-photo.css), the height the width.
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
        <p className="idp-caption" aria-live="polite">
          <strong>{size.name}</strong> · {millimetres(size)} · {size.size.width}×{size.size.height} 像素
        </p>
      </div>
      <div className="idp-side">
        <header className="idp-head">
          <h2>预览效果</h2>
          <p>切换背景颜色和尺寸，预览即时更新，满意后再生成下载</p>
        </header>
        <IdPhotoPicker values={values} disabled={busy} onChange={onChange} />
        {run.kind === 'failed' && (
          <p className="run-line is-bad idp-problem" role="alert">
            {run.message}
          </p>
        )}
        <div className="panel-actions idp-actions">
          {photo ? (
            // Focus moves on from the 生成 button, which went away with the run.
            <a className="btn btn-primary btn-large btn-start idp-download" href={photo.url} download={photo.name} autoFocus>
              下载证件照
            </a>
          ) : (
            <button type="button" className="btn btn-primary btn-large btn-start" disabled={busy} aria-busy={busy} onClick={generate}>
              {busy ? `正在生成 ${run.progress}%` : '生成高清证件照'}
            </button>
          )}
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            换一张照片
          </button>
        </div>
        <p className={`idp-note${photo ? ' is-made' : ''}`} role="status">
          {photo && run.kind === 'done'
            ? `已生成 ${photo.name}（${formatFileSize(photo.size)}），将于 ${deletionTime(run.task.expiresAt)} 自动删除；换底色或尺寸可再生成一张`
            : `生成 ${size.size.width}×${size.size.height} 像素、300 DPI 的 JPG 高清证件照${remaining !== undefined ? `，剩余 ${remaining} 次` : ''}`}
        </p>
      </div>
    </section>
  );
}
