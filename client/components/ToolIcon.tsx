// A tool's icon: a rounded tile in its format family's colour with a glyph from the icon sprite
// (client/icons/), and an arrow badge for conversions. The sprite is one hashed SVG file the
// browser caches, referenced by <use>, so the icons add no bytes to the JS and no style
// attributes to the server's markup (colours are classes).
import type { Tool } from '../../shared/catalogue';
import { toolIconOf } from '../icons/tool-icons';
import { useSiteConfig } from '../routing/site-config';
import '../icons/tool-icons.css';

export function ToolIcon({ tool, size = 'md' }: { tool: Tool; size?: 'sm' | 'md' | 'lg' }) {
  const sprite = useSiteConfig().toolIconSprite ?? '';
  const { family, glyph, to } = toolIconOf(tool.id);
  return (
    <svg className={`tool-icon ti-${size} tf-${family}`} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" />
      <use href={`${sprite}#${glyph}`} x="8" y="8" width="24" height="24" />
      {to && <use className={`tf-${to}`} href={`${sprite}#to`} x="23" y="23" width="16" height="16" />}
    </svg>
  );
}
