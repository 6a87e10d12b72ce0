// The points pages (SPEC §2): /myintegral/ lists the records under the balance, /task/ is the
// task and points centre. Both need a login (client/account/session.ts sends a guest home).
import { IntegralRecords } from './IntegralRecords';
import { TaskCentre } from './TaskCentre';
import './points.css';

const HEADINGS = {
  myintegral: { title: '积分记录', sub: '积分的获得与使用明细' },
  task: { title: '任务与积分中心', sub: '完成任务领积分，积分可兑换证件照下载次数' },
} as const;

export function PointsPage({ pageId }: { pageId: 'myintegral' | 'task' }) {
  const heading = HEADINGS[pageId];
  return (
    <div className="container content-page points-page">
      <header className="page-heading">
        <h1>{heading.title}</h1>
        <p>{heading.sub}</p>
      </header>
      {pageId === 'task' ? <TaskCentre /> : <IntegralRecords />}
    </div>
  );
}
