// The tool search box (header, home hero, phone menu): an ARIA 1.2 combobox whose list of tools
// appears under it as the visitor types. The matcher and its pinyin table are fetched on first
// focus (a small chunk of their own), so the first load of a page does not carry them; matching
// itself runs in the browser on the catalogue, with no server round trip.
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '../../routing/router';
import { TOOL_GROUPS, type Tool } from '../../../shared/catalogue';
import { ToolIcon } from '../ToolIcon';
import './tool-search.css';

type Matcher = (query: string) => Tool[];

let matcherLoad: Promise<Matcher> | undefined;
function loadMatcher(): Promise<Matcher> {
  matcherLoad ??= import('../../../shared/tool-search').then(
    (m) => (query: string) => m.searchTools(query),
    (error) => {
      matcherLoad = undefined; // a later focus tries again
      throw error;
    },
  );
  return matcherLoad;
}

/** Each box is a search landmark of its own; a page with two (home: header and hero) names them apart. */
const SEARCH_LANDMARK: Record<ToolSearchProps['variant'], string> = { header: '站内工具搜索', hero: '首页工具搜索', drawer: '菜单工具搜索' };

const GROUP_TITLE = new Map(TOOL_GROUPS.map((g) => [g.type, g.title]));

interface ToolSearchProps {
  /** header: compact box with a dropdown; hero: the big box on the home page; drawer: full width. */
  variant: 'header' | 'hero' | 'drawer';
  autoFocus?: boolean;
}

export function ToolSearch({ variant, autoFocus }: ToolSearchProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [matcher, setMatcher] = useState<Matcher | null>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);

  const prepare = useCallback(() => {
    if (!matcher) loadMatcher().then((m) => setMatcher(() => m), () => undefined);
  }, [matcher]);

  const results = matcher && query.trim() ? matcher(query) : [];
  const showList = open && query.trim() !== '' && matcher !== null;

  const choose = (tool: Tool) => {
    setOpen(false);
    setQuery('');
    setActive(-1);
    input.current?.blur();
    navigate(tool.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!results.length) return;
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const n = results.length;
        setActive((i) => (step > 0 ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
        break;
      }
      case 'Enter': {
        const tool = results[active] ?? results[0];
        if (tool && showList) {
          event.preventDefault();
          choose(tool);
        }
        break;
      }
      case 'Escape':
        // First Escape closes the list, a second one clears the box; one with neither to do is
        // left to whatever holds the box (the phone menu closes).
        if (showList) setOpen(false);
        else if (query) setQuery('');
        else return;
        event.preventDefault();
        setActive(-1);
        break;
    }
  };

  return (
    <div className={`tool-search ts-${variant}`} role="search" aria-label={SEARCH_LANDMARK[variant]}>
      <div className="ts-box">
        <span className="ts-glass" aria-hidden="true" />
        <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="搜索工具"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && results[active] ? `${id}-opt-${active}` : undefined}
        placeholder={variant === 'hero' ? '搜索工具，如 PDF合并、hebing、hb' : '搜索工具'}
        autoComplete="off"
        enterKeyHint="go"
        autoFocus={autoFocus}
        value={query}
        onFocus={() => {
          prepare();
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          prepare();
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        />
      </div>
      {showList && results.length === 0 && (
        <div className="ts-panel ts-empty" role="status">
          <strong>未找到相关工具</strong>
          <span>
            换个说法试试，如“合并”“yasuo”，或
            <a href="/see-more/" onMouseDown={(event) => event.preventDefault()}>
              查看全部工具
            </a>
          </span>
        </div>
      )}
      <ul id={listId} role="listbox" aria-label="搜索结果" className="ts-panel ts-list" hidden={!showList || results.length === 0}>
        {showList &&
          results.map((tool, i) => (
            <li
              key={tool.id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={`ts-option${i === active ? ' is-active' : ''}`}
              // Keep the focus in the box so the blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(tool)}
            >
              <ToolIcon tool={tool} size="sm" />
              <span className="ts-title">{tool.title}</span>
              <span className="ts-group">{GROUP_TITLE.get(tool.type)}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
