// One line-drawn icon per points task, in the site's icon style (24px grid, 1.8 stroke).
import type { PointsTaskType } from '../../../shared/points';

const PATHS: Record<PointsTaskType | 'redeem', string> = {
  signIn: 'M7 3v3M17 3v3M4 8h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM9 14l2 2 4-4',
  newcomer: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-1.5-3-5-3-5-1s3 1 5 1zM12 7c1.5-3 5-3 5-1s-3 1-5 1z',
  firstConvert: 'M14 3H7a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V7zM14 3v4h4M9 13h6M13 11l2 2-2 2',
  firstPay: 'M4 8l4 4 4-6 4 6 4-4-2 10H6zM6 21h12',
  redeem: 'M4 5h16v14H4zM9 10a2 2 0 1 0 0 .01M6 17c.8-2 2-3 3-3s2.2 1 3 3M14 10h4M14 13h4',
};

export function TaskIcon({ kind }: { kind: PointsTaskType | 'redeem' }) {
  return (
    <span className={`points-task-icon is-${kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[kind]} />
      </svg>
    </span>
  );
}
