// "xx加载失败，重新加载": a list or page whose call failed, with the way to ask again.
export function LoadFailed({ what = '', onRetry, className = 'records-note' }: { what?: string; onRetry(): void; className?: string }) {
  return (
    <p className={className} role="alert">
      {what}加载失败，
      <button type="button" className="link-button" onClick={onRetry}>
        重新加载
      </button>
    </p>
  );
}
