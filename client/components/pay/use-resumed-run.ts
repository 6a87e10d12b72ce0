// Back on a tool page from the login the payment layer (or the 402 prompt) sent a guest to: the
// files that met the 402 come back into the panel and, when the guest was buying, the layer opens
// again on the chosen card; once paid the conversion runs. IndexedDB is only read when the
// sessionStorage note says so (client/components/pay/resume.ts).
import { useEffect, useRef } from 'react';
import { liftsUsedUp } from './carry-on';
import { takeResumeNote, usePayLayer } from '.';

export function useResumedRun(toolId: string, restore: (files: File[], values: Record<string, string>) => void, retry: () => void): void {
  const openPay = usePayLayer();
  const latest = useRef({ restore, retry, openPay });
  latest.current = { restore, retry, openPay };

  useEffect(() => {
    const note = takeResumeNote((n) => n.toolId === toolId);
    if (!note) return;
    let live = true;
    void import('./PayLayer')
      .then((layer) => layer.takePendingFiles(toolId))
      .catch(() => undefined)
      .then((pending) => {
        if (!live) return;
        if (pending) latest.current.restore(pending.files, pending.values);
        if (!note.openLayer) return;
        latest.current.openPay({
          from: 'resume',
          toolId,
          productId: note.productId,
          payType: note.payType,
          pending: pending && { files: pending.files, values: pending.values },
          onPaid: (product) => {
            if (pending && liftsUsedUp(product, toolId)) latest.current.retry();
          },
        });
      });
    return () => {
      live = false;
    };
  }, [toolId]);
}
