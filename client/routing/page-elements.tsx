// The element each page of SITE_ROUTES renders, one lazy chunk per page kind: shared by the
// server's data routes (client/routes.tsx) and the browser's declarative ones (client-app.tsx).
import type { SiteRoute } from '../../shared/site-routes';
import { lazyPage } from './lazy-page';

// Chunk names are the module paths under client/ (scripts/build.mjs maps them to files).
const HomePage = lazyPage('pages/home/HomePage', () => import('../pages/home/HomePage'));
const ToolPage = lazyPage('pages/tool/ToolPage', () => import('../pages/tool/ToolPage'));
const MindMapPage = lazyPage('pages/mindmap/MindMapPage', () => import('../pages/mindmap/MindMapPage'));
const ContentPage = lazyPage('pages/content/ContentPage', () => import('../pages/content/ContentPage'));
const AccountPage = lazyPage('pages/account/AccountPage', () => import('../pages/account/AccountPage'));
const LoginPage = lazyPage('pages/account/LoginPage', () => import('../pages/account/LoginPage'));

const ACCOUNT_PAGES = new Set(['myOrders', 'myintegral', 'task', 'invoice', 'postage_pay', 'yijian', 'xiezai-huodong', 'iamEmpty']);

export function pageElement(page: SiteRoute) {
  if (page.tool) return page.tool.layout === 'mind-map' ? <MindMapPage /> : <ToolPage toolId={page.tool.id} />;
  if (page.id === 'home') return <HomePage />;
  if (page.id === 'login') return <LoginPage />;
  if (ACCOUNT_PAGES.has(page.id)) return <AccountPage pageId={page.id} />;
  return <ContentPage pageId={page.id} />;
}
