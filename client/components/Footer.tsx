// Site footer: information links, friend links and the visit counter (both loaded after render,
// silently: SPEC §7 says their failures are ignored).
import { useEffect, useState } from 'react';
import { formatThousands } from '../../shared/format';
import { getLink, getWebVisits, type FriendLink } from '../api/site';
import { CachedMarkup } from './CachedMarkup';

export function Footer({ compact }: { compact: boolean }) {
  const [links, setLinks] = useState<FriendLink[]>([]);
  const [visits, setVisits] = useState<number | null>(null);
  useEffect(() => {
    if (compact) return;
    getLink().then((list) => list && setLinks(list));
    getWebVisits().then((v) => v && setVisits(v.count));
  }, [compact]);
  return (
    <footer className="site-footer">
      {/* On the server links and visits are always still empty, so compact alone decides the markup. */}
      <CachedMarkup cacheKey={`footer:${compact}`}>
        <div className="footer-inner">
          {!compact && (
            <div className="footer-links">
              <a href="/about/">关于我们</a>
              <a href="/cooperation/">商务合作</a>
              <a href="/copyright/">版权声明</a>
              <a href="/help/">帮助中心</a>
              <a href="/news/more/">资讯教程</a>
              <a href="/yijian/">意见反馈</a>
              <a href="/sitemap/">网站地图</a>
            </div>
          )}
          {links.length > 0 && (
            <div className="friend-links">
              <span>友情链接：</span>
              {links.map((l) => (
                <a key={l.url} href={l.url} rel="noopener" target="_blank">
                  {l.title}
                </a>
              ))}
            </div>
          )}
          <p className="footer-note">
            © 2026 PDF365 在线转换 · 上传的文件在处理完成后自动删除
            {visits !== null && <span className="visits"> · 累计服务 {formatThousands(visits)} 次</span>}
          </p>
        </div>
      </CachedMarkup>
    </footer>
  );
}
