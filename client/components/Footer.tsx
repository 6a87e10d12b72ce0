// Site footer: information links, friend links, the operator's ICP number and contact line (server
// config) and the visit counter (links and counter loaded after render, silently: SPEC §7 says
// their failures are ignored). The counter shows only once it is large enough to reassure.
import { useEffect, useState } from 'react';
import { formatThousands } from '../../shared/format';
import { getLink, getWebVisits, type FriendLink } from '../api/site';
import { useSiteConfig } from '../routing/site-config';
import { CachedMarkup } from './CachedMarkup';

/** Below this many visits the counter says more about the site's youth than its use. */
export const VISITS_SHOWN_FROM = 10_000;

/** The licence and contact lines; a line the configuration leaves empty is not shown. */
function LegalLines() {
  const { icp, contact } = useSiteConfig().footer ?? { icp: '', contact: '' };
  if (!icp && !contact) return null;
  return (
    <p className="footer-legal">
      {contact && <span>{contact}</span>}
      {icp && (
        <a href="https://beian.miit.gov.cn/" rel="noopener" target="_blank">
          {icp}
        </a>
      )}
    </p>
  );
}

/** The information links, the same on every page: cached markup (no state may reach into it). */
function InformationLinks() {
  return (
    <>
      <a href="/about/">关于我们</a>
      <a href="/cooperation/">商务合作</a>
      <a href="/copyright/">版权声明</a>
      <a href="/help/">帮助中心</a>
      <a href="/news/more/">资讯教程</a>
      <a href="/yijian/">意见反馈</a>
      <a href="/sitemap/">网站地图</a>
    </>
  );
}

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
      <div className="footer-inner">
        {!compact && (
          <CachedMarkup cacheKey="footer-links">
            <div className="footer-links">
              <InformationLinks />
            </div>
          </CachedMarkup>
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
          {visits !== null && visits >= VISITS_SHOWN_FROM && <span className="visits"> · 累计服务 {formatThousands(visits)} 次</span>}
        </p>
        <LegalLines />
      </div>
    </footer>
  );
}
