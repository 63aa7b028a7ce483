import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useElement } from '../../elements/element-context';

/** Tab scroll step of spec part 3. */
export const TAB_SCROLL_STEP = 100;

export interface TabSetting {
  key: string;
  name: string;
  dataSource: string;
  [setting: string]: unknown;
}

/** Reads the Tabs setting ({DefaultTab, key: {Name, DataSource, ...}}); anything malformed gives no tabs. */
export function readTabs(value: unknown): { tabs: TabSetting[]; defaultTab: string } {
  if (!value || typeof value !== 'object') return { tabs: [], defaultTab: '' };
  const { DefaultTab, ...rest } = value as Record<string, unknown>;
  const tabs = Object.entries(rest)
    .filter(([, v]) => v && typeof v === 'object' && typeof (v as Record<string, unknown>).DataSource === 'string')
    .map(([key, v]) => {
      const t = v as Record<string, unknown>;
      return { ...t, key, name: typeof t.Name === 'string' ? t.Name : key, dataSource: t.DataSource as string };
    });
  const defaultTab = typeof DefaultTab === 'string' && tabs.some((t) => t.key === DefaultTab) ? DefaultTab : (tabs[0]?.key ?? '');
  return { tabs, defaultTab };
}

const px = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** A tab's own spacing and size settings (TabMarginRight, TabMarginLeft, TabFontSize). */
const tabStyle = (tab: TabSetting) => ({ marginRight: px(tab.TabMarginRight), marginLeft: px(tab.TabMarginLeft), fontSize: px(tab.TabFontSize) });

/** A tab list with a scroll arrow on each side when the tabs overflow; arrow keys move between tabs. */
export function Tabs({ tabs, active, onChange, label }: { tabs: TabSetting[]; active: string; onChange: (key: string) => void; label: string }) {
  const { t } = useElement();
  const list = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const check = () => setOverflow(el.scrollWidth > el.clientWidth + 1);
    // The observer's first call gives the first answer, once the page is laid out anyway.
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [tabs.length]);
  const scroll = (dir: number) => list.current?.scrollBy({ left: dir * TAB_SCROLL_STEP });
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((x) => x.key === active);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : -2;
    if (next === -2 || next < 0 || next >= tabs.length) return;
    e.preventDefault();
    onChange(tabs[next].key);
    (list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next])?.focus();
  };
  return (
    <div className="tabs">
      {overflow && (
        <button type="button" className="tab-scroll" aria-label={t('visuals.tabs.left')} onClick={() => scroll(-1)}>
          ‹
        </button>
      )}
      <div className="tab-list" role="tablist" aria-label={label} ref={list} onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button key={tab.key} type="button" role="tab" aria-selected={tab.key === active} tabIndex={tab.key === active ? 0 : -1} style={tabStyle(tab)} onClick={() => onChange(tab.key)}>
            {tab.name}
          </button>
        ))}
      </div>
      {overflow && (
        <button type="button" className="tab-scroll" aria-label={t('visuals.tabs.right')} onClick={() => scroll(1)}>
          ›
        </button>
      )}
    </div>
  );
}
