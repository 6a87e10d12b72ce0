// A plain progress bar (role=progressbar, 0–100); without a value it runs as "working".

export function ProgressBar({ value, label, small }: { value?: number; label: string; small?: boolean }) {
  const known = value !== undefined;
  const width = known ? Math.max(0, Math.min(100, value)) : 100;
  return (
    <div
      className={`progress${small ? ' is-small' : ''}${known ? '' : ' is-indeterminate'}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={known ? Math.round(width) : undefined}
    >
      <span className="progress-fill" style={{ width: `${width}%` }} />
    </div>
  );
}
