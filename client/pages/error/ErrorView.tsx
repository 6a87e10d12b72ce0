// The error page's content for a status and message (SPEC §8). The server's router shows it
// through its error boundary (ErrorPage); the browser's declarative routes show it directly.
export function ErrorView({ status, message }: { status: number; message: string }) {
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
