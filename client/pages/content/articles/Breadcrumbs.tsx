// Visible breadcrumbs of a content page, with the same trail as BreadcrumbList JSON-LD.
import type { Crumb } from '../../../../shared/articles';
import { useSiteConfig } from '../../../routing/site-config';
import { JsonLd } from './JsonLd';

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { publicOrigin } = useSiteConfig();
  return (
    <>
      <nav className="crumbs" aria-label="当前位置">
        <ol>
          {crumbs.map((c, i) => (
            <li key={c.path}>
              {i < crumbs.length - 1 ? <a href={c.path}>{c.name}</a> : <span aria-current="page">{c.name}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLd
        data={{
          '@type': 'BreadcrumbList',
          itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: publicOrigin + c.path })),
        }}
      />
    </>
  );
}
