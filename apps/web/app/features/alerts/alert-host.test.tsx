// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AlertHost } from './alert-host.tsx';
import { STORED_ALERTS_STORAGE_KEY } from '@coinfall/shared';
import { alertQueueStore, readStoredAlerts } from './alert-store.ts';

const push = (title: string, url?: string) =>
  act(() =>
    alertQueueStore.push({
      alertKey: 'bonusIssued',
      type: 'success',
      title,
      description: `${title} text`,
      url,
    }),
  );

/** Moves the fake clock in small steps so React re-renders and re-arms the timer between them. */
const advance = (ms: number) => {
  for (let left = ms; left > 0; left -= 50) {
    act(() => {
      vi.advanceTimersByTime(Math.min(50, left));
    });
  }
};

describe('AlertHost', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    alertQueueStore.reset();
    render(
      <MemoryRouter>
        <AlertHost />
      </MemoryRouter>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('announces alerts politely, 400 ms apart, and removes them after 3000 + 300 ms', () => {
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    push('First');
    push('Second');
    expect(region.textContent).toContain('First');
    expect(region.textContent).not.toContain('Second');
    advance(400);
    expect(region.textContent).toContain('Second');
    advance(2600);
    expect(document.querySelector('[data-phase="leaving"]')?.textContent).toContain('First');
    advance(300);
    expect(region.textContent).not.toContain('First');
    advance(400);
    expect(region.textContent).not.toContain('Second');
  });

  it('holds alerts while hovered and lets them go after the pointer leaves', () => {
    push('Held');
    const region = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.mouseOver(screen.getByText('Held'));
    advance(10_000);
    expect(screen.getByRole('status').textContent).toContain('Held');
    fireEvent.mouseOut(screen.getByText('Held'), { relatedTarget: document.body });
    expect(region.contains(document.activeElement)).toBe(false);
    advance(3300);
    expect(screen.getByRole('status').textContent).not.toContain('Held');
  });

  it('dismisses with the button and links to the alert url', () => {
    push('Bonus', '/profile/bonuses');
    expect(screen.getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      '/profile/bonuses',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    advance(300);
    expect(screen.queryByText('Bonus')).toBeNull();
  });
});

describe('AlertHost after a reload', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    alertQueueStore.reset();
  });

  it('shows a stored show-once alert as a toast and takes it out of the stored list', () => {
    const alert = {
      type: 'info',
      title: 'Your account has been removed',
      description: 'We are sorry to see you go.',
      typeText: '',
      url: '',
      icon: '',
      dt: '2025-01-02T00:00:00.000Z',
      isUnread: true,
      alertKey: 'accountRemoved',
    };
    const kept = {
      ...alert,
      title: 'Bonus issued',
      alertKey: 'bonusIssued',
      dt: '2025-01-01T00:00:00.000Z',
    };
    window.localStorage.setItem(
      STORED_ALERTS_STORAGE_KEY,
      JSON.stringify([{ ...alert, showOnce: true }, kept]),
    );
    alertQueueStore.reset();
    render(
      <MemoryRouter>
        <AlertHost />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain('Your account has been removed');
    expect(screen.getByRole('status').textContent).not.toContain('Bonus issued');
    expect(readStoredAlerts().map((a) => a.alertKey)).toEqual(['bonusIssued']);
  });
});
