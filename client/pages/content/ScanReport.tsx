// The /Scan/ page: the report of a finished pdf-scan task (?taskId=…), with the clean copy to
// download. Server and first client render show the same placeholder; the report loads after.
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../routing/router';
import type { ScanAnalysis } from '../../../shared/task-api';
import { scanAnalysis } from '../../api/tasks';
import { EmptyState } from '../../components/EmptyState';

const RISK_CLASS = { 高: 'risk-high', 中: 'risk-medium', 低: 'risk-low' } as const;

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; analysis: ScanAnalysis };

export function ScanReport() {
  const taskId = useSearchParams()[0].get('taskId');
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!taskId) return;
    let live = true;
    setState({ kind: 'loading' });
    scanAnalysis(taskId).then(
      (analysis) => live && setState({ kind: 'ready', analysis }),
      (error: Error) => live && setState({ kind: 'failed', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [taskId]);

  if (!taskId) {
    return <EmptyState title="还没有检测报告" text="上传 PDF 后，这里会显示检测到的风险和净化后的副本。" action={{ to: '/pdf-scan/', label: '开始检测' }} />;
  }
  if (state.kind === 'loading') return <p className="scan-loading">正在读取检测报告…</p>;
  if (state.kind === 'failed') {
    return <EmptyState title="无法读取检测报告" text={`${state.message}。检测结果只保留 2 小时，请重新检测。`} action={{ to: '/pdf-scan/', label: '重新检测' }} />;
  }
  const { report, files } = state.analysis;
  const cleanCopy = files.find((f) => f.name.endsWith('.pdf'));
  return (
    <article className="scan-report">
      <header className={`scan-summary ${RISK_CLASS[report.riskLevel]}`}>
        <span className="risk-badge">{report.riskLevel}风险</span>
        <p>{report.summary}</p>
        <small>
          共 {report.pageCount} 页{report.encrypted ? ' · 已加密' : ''}
        </small>
      </header>
      {report.findings.length === 0 ? (
        <p className="scan-none">未发现脚本、自动动作、附件或外部链接。</p>
      ) : (
        <ul className="scan-findings">
          {report.findings.map((f) => (
            <li key={f.kind} className={RISK_CLASS[f.severity]}>
              <strong>
                {f.message}
                {f.count > 1 ? `（${f.count} 处）` : ''}
              </strong>
              {f.details.length > 0 && (
                <ul>
                  {f.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {cleanCopy && (
        <p>
          <a className="btn btn-primary" href={cleanCopy.url} download={cleanCopy.name}>
            下载净化后的副本
          </a>
        </p>
      )}
    </article>
  );
}
