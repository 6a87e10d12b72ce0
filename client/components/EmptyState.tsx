// The empty state every list page shows before it has content.

export function EmptyState({ title, text, action }: { title: string; text: string; action?: { to: string; label: string } }) {
  return (
    <div className="empty-state">
      <div className="empty-illustration" aria-hidden="true">
        <span />
      </div>
      <h2>{title}</h2>
      <p>{text}</p>
      {action && (
        <a className="btn btn-outline" href={action.to}>
          {action.label}
        </a>
      )}
    </div>
  );
}
