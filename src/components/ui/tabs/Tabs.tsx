import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import "./tabs.css";

export interface TabItem<Id extends string> {
  readonly id: Id;
  readonly label: ReactNode;
}

export interface TabsProps<Id extends string> {
  /** The accessible name of the tab list ("Type of reward"). */
  readonly label: string;
  readonly items: readonly TabItem<Id>[];
  readonly selected: Id;
  readonly onSelect: (id: Id) => void;
  /** The panel of the selected tab. */
  readonly children: ReactNode;
}

const STEPS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Tabs (the WAI-ARIA tabs pattern): one tab stop for the list (roving tabindex), arrow keys, Home and End
 * move to another tab and select it; each tab says whether it is selected and controls the one panel below.
 */
export function Tabs<Id extends string>({ label, items, selected, onSelect, children }: TabsProps<Id>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (item: Id) => `${id}-tab-${item}`;
  const panelId = `${id}-panel`;
  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const index = items.findIndex((item) => item.id === selected);
    const nextIndex = step(Math.max(index, 0), items.length);
    const next = items[nextIndex];
    if (!next) return;
    onSelect(next.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[nextIndex]?.focus();
  };
  return (
    <div className="ui-tabs">
      <div ref={list} role="tablist" aria-label={label} className="ui-tabs__list" onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.id}
            id={tabId(item.id)}
            type="button"
            role="tab"
            className="ui-tabs__tab"
            aria-selected={item.id === selected}
            aria-controls={panelId}
            tabIndex={item.id === selected ? 0 : -1}
            onClick={() => onSelect(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="ui-tabs__panel">
        {children}
      </div>
    </div>
  );
}
