// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Tabs } from './tabs';

const TABS = ['active', 'issued', 'history'] as const;

function Harness() {
  const [tab, setTab] = useState<(typeof TABS)[number]>('active');
  return (
    <Tabs
      tabs={TABS}
      selected={tab}
      onSelect={setTab}
      label="Bonuses"
      labelOf={(n) => n.toUpperCase()}
    >
      <p>panel of {tab}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  afterEach(cleanup);

  it('ties the panel to the selected tab and keeps one tab in the tab order', () => {
    render(<Harness />);
    const active = screen.getByRole('tab', { name: 'ACTIVE' });
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'ISSUED' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'ACTIVE' }).textContent).toBe('panel of active');
  });

  it('selects and focuses with the arrow keys, End and a click', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Bonuses' });
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    const history = screen.getByRole('tab', { name: 'HISTORY' });
    expect(history.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(history);
    expect(screen.getByRole('tabpanel').textContent).toBe('panel of history');
    fireEvent.click(screen.getByRole('tab', { name: 'ISSUED' }));
    expect(screen.getByRole('tabpanel', { name: 'ISSUED' })).toBeTruthy();
  });
});
