// cut-audio's editor: the chosen recording decoded in the browser (Web Audio decodeAudioData),
// its waveform drawn on a canvas, and two handles that set the start and end options
// (hh:mm:ss.t, SPEC §3). Typed times move the handles; arrow keys move a handle by 0.1 s.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { formatMediaTime, parseMediaTime } from '../../../shared/format';
import type { OptionValues } from './tool-options';
import { peaksOf, toTenths } from './waveform-peaks';

interface Props {
  file: File;
  values: OptionValues;
  disabled: boolean;
  onChange(changes: OptionValues): void;
}

const POINTS = 400;
const CANVAS_WIDTH = 800;
const CANVAS_HEIGHT = 120;
/** Shortest selection the handles allow. */
const MIN_SPAN = 0.1;

type Handle = 'start' | 'end';

async function decode(file: File): Promise<AudioBuffer> {
  const data = await file.arrayBuffer();
  // An offline context decodes without needing a user gesture or an audio device.
  const context = new OfflineAudioContext(1, 1, 44100);
  return context.decodeAudioData(data);
}

export function WaveformEditor({ file, values, disabled, onChange }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef<Handle | undefined>(undefined);
  const [audio, setAudio] = useState<{ duration: number; peaks: number[] } | undefined>();
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let live = true;
    setAudio(undefined);
    setFailed(false);
    decode(file).then(
      (buffer) => live && setAudio({ duration: buffer.duration, peaks: peaksOf(buffer.getChannelData(0), POINTS) }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [file]);

  useEffect(() => {
    const target = canvas.current;
    const context = target?.getContext('2d');
    if (!audio || !target || !context) return;
    context.clearRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    context.fillStyle = '#e5322d';
    const barWidth = CANVAS_WIDTH / audio.peaks.length;
    const middle = CANVAS_HEIGHT / 2;
    audio.peaks.forEach((peak, i) => {
      const half = Math.max(1, peak * (middle - 4));
      context.fillRect(i * barWidth, middle - half, Math.max(1, barWidth - 1), half * 2);
    });
    setDrawn(true);
  }, [audio]);

  if (failed) return <p className="editor-note">浏览器无法解码该音频，无法显示波形；可直接输入开始和结束时间</p>;
  if (!audio) return <p className="editor-note">正在读取音频波形…</p>;

  const duration = audio.duration;
  const start = Math.min(duration, parseMediaTime(values.start ?? '') ?? 0);
  const typedEnd = values.end ? parseMediaTime(values.end) : null;
  const end = Math.min(duration, typedEnd ?? duration);

  const setTime = (handle: Handle, seconds: number) => {
    if (handle === 'start') onChange({ start: formatMediaTime(toTenths(Math.max(0, Math.min(seconds, end - MIN_SPAN)))) });
    else {
      // Rounded down so the end never passes the file's last sample.
      const limit = Math.floor(duration * 10) / 10;
      onChange({ end: formatMediaTime(Math.min(limit, toTenths(Math.max(seconds, start + MIN_SPAN)))) });
    }
  };
  const timeAt = (event: ReactPointerEvent) => {
    const rect = track.current!.getBoundingClientRect();
    return (Math.min(rect.width, Math.max(0, event.clientX - rect.left)) / rect.width) * duration;
  };
  const begin = (handle: Handle) => (event: ReactPointerEvent<HTMLElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = handle;
  };
  const onMove = (event: ReactPointerEvent) => {
    if (dragging.current) setTime(dragging.current, timeAt(event));
  };
  const stop = () => {
    dragging.current = undefined;
  };
  const onKey = (handle: Handle) => (event: KeyboardEvent) => {
    const step = event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -0.1 : event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 0.1 : 0;
    if (step === 0 || disabled) return;
    event.preventDefault();
    setTime(handle, (handle === 'start' ? start : end) + step);
  };
  const at = (seconds: number) => `${(seconds / duration) * 100}%`;
  const handle = (which: Handle, seconds: number, label: string) => (
    <span
      className={`wave-handle is-${which}`}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={toTenths(duration)}
      aria-valuenow={toTenths(seconds)}
      aria-valuetext={formatMediaTime(seconds)}
      style={{ left: at(seconds) }}
      onPointerDown={begin(which)}
      onPointerMove={onMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onKeyDown={onKey(which)}
    />
  );

  return (
    <div className="wave-editor">
      <div className="wave-track" ref={track}>
        <canvas ref={canvas} className="wave-canvas" width={CANVAS_WIDTH} height={CANVAS_HEIGHT} data-drawn={drawn || undefined} aria-label="音频波形" />
        <span className="wave-selection" style={{ left: at(start), width: at(end - start) }} />
        {handle('start', start, '开始位置')}
        {handle('end', end, '结束位置')}
      </div>
      <p className="editor-note wave-times">
        已选 {formatMediaTime(start)} – {formatMediaTime(end)}，共 {formatMediaTime(Math.max(0, end - start))}（全长 {formatMediaTime(duration)}）
      </p>
    </div>
  );
}
