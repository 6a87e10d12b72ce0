// The route error boundary (SPEC §8): shows the message and status (default 500); the /404/
// page is this boundary with status 404 and 'This page could not be found'.
import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    return { status: error.status, message: typeof error.data === 'string' ? error.data : error.statusText };
  }
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
  return { status, message: error instanceof Error ? error.message : String(error ?? '') };
}

export function ErrorPage() {
  const { status, message } = describe(useRouteError());
  return (
    <section className="error-page">
      <p className="error-status">{status}</p>
      <h1>{status === 404 ? '页面不存在' : '页面出错了'}</h1>
      <p className="error-message">{message}</p>
      <p className="error-hint">{status === 404 ? '您访问的页面不存在或已被删除，请检查网址是否正确。' : '请稍后刷新重试，如果问题持续出现，请通过意见反馈告诉我们。'}</p>
      <a className="btn btn-primary" href="/">
        返回首页
      </a>
    </section>
  );
}
