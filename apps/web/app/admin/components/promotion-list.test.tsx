// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { Column } from './paged-table';
import { PromotionFilters, PromotionTable, StatusFilter, StatusToggle } from './promotion-list';

interface Row {
  id: number;
  name: string;
  enabled: boolean;
}

const ROWS: Row[] = [
  { id: 1, name: 'welcome', enabled: true },
  { id: 2, name: 'spring', enabled: false },
];

const query = (rows: Row[], totalPages = 2) => ({
  data: { data: rows, meta: { page: 1, perPage: 2, totalRows: rows.length, totalPages } },
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => undefined,
});

function UrlShown() {
  return <output aria-label="URL">{useLocation().search}</output>;
}

function mount(list: ReactNode, url = '/admin/list') {
  const toggled: string[] = [];
  const columns: Column<Row>[] = [
    { header: 'Name', sortKey: 'name', cell: (r) => r.name },
    {
      header: 'Status',
      cell: (r) => (
        <StatusToggle name={r.name} enabled={r.enabled} onToggle={() => toggled.push(r.name)} />
      ),
    },
  ];
  const router = createMemoryRouter(
    [
      {
        path: '/admin/list',
        element: (
          <>
            {list ?? (
              <PromotionTable
                query={query(ROWS)}
                columns={columns}
                caption="Things"
                emptyText="Nothing matches."
                sorting={{ sort: 'name', order: 'desc' }}
                outcome="spring is active."
              />
            )}
            <UrlShown />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { toggled };
}

const search = () => screen.getByLabelText('URL').textContent;

describe('PromotionTable', () => {
  afterEach(cleanup);

  it('announces the outcome and captions the table for screen readers', () => {
    mount(null);
    expect(screen.getByText('spring is active.').getAttribute('role')).toBe('status');
    expect(screen.getByRole('table', { name: 'Things' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('names each status switch for its row and says what it does', () => {
    const { toggled } = mount(null);
    fireEvent.click(screen.getByRole('button', { name: 'Activate spring' }));
    expect(toggled).toEqual(['spring']);
    expect(screen.getByRole('button', { name: 'Deactivate welcome' }).textContent).toBe(
      'Active — deactivate',
    );
  });

  it('sorts through the URL: the sorted column flips its order', async () => {
    mount(null);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    });
    expect(search()).toContain('sort=name');
    expect(search()).toContain('order=asc');
  });

  it('pages through the URL', async () => {
    mount(null);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    });
    expect(search()).toContain('page=2');
  });

  it('says so when nothing matches', () => {
    mount(
      <PromotionTable
        query={query([], 0)}
        columns={[]}
        caption="Things"
        emptyText="Nothing matches."
        sorting={{ sort: 'name', order: 'desc' }}
        outcome=""
      />,
    );
    expect(screen.getByText('Nothing matches.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('PromotionFilters', () => {
  afterEach(cleanup);

  const filters = (
    <PromotionFilters label="Filter things" filters={['q', 'enabled']} columns={3}>
      <input name="q" aria-label="Name contains" defaultValue="" />
      <StatusFilter defaultValue="" />
    </PromotionFilters>
  );

  it('puts the named filters in the URL on submit, and clear drops them all', async () => {
    mount(filters);
    const form = screen.getByRole('search', { name: 'Filter things' });
    fireEvent.change(screen.getByLabelText('Name contains'), { target: { value: 'spr' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'false' } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(search()).toContain('q=spr');
    expect(search()).toContain('enabled=false');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /clear/i }));
    });
    expect(search()).toBe('');
  });
});
