import { roundSearchOf } from './rounds.fns';

const ID = '6f1c0a2e-0000-4000-8000-000000000000';

describe('roundSearchOf', () => {
  it('passes valid filters on as the API reads them', () => {
    const params = new URLSearchParams({
      playerId: ID,
      game: 'dice',
      currency: 'SC',
      status: '1',
      from: '2026-11-01T00:00',
      to: '2026-11-02T12:30',
      sort: 'payout',
      order: 'asc',
      page: '3',
    });
    expect(roundSearchOf(params, 25)).toEqual({
      ignored: [],
      query: {
        page: 3,
        perPage: 25,
        playerId: ID,
        game: 'dice',
        currency: 'SC',
        status: 1,
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-02T12:30:00.000Z',
        sort: 'payout',
        order: 'asc',
      },
    });
  });

  it('defaults to the newest first with no filter', () => {
    const { query, ignored } = roundSearchOf(new URLSearchParams(), 20);
    expect(ignored).toEqual([]);
    expect(query).toMatchObject({ page: 1, sort: 'createdAt', order: 'desc' });
    expect(query.playerId ?? query.currency ?? query.status ?? query.from).toBeUndefined();
  });

  it('drops and names what the API would refuse instead of failing the list', () => {
    const params = new URLSearchParams({
      playerId: 'not-an-id',
      currency: 'EUR',
      status: '9',
      from: '2026-11-02T00:00',
      to: '2026-11-01T00:00',
      sort: 'nonsense',
    });
    const { query, ignored } = roundSearchOf(params, 20);
    expect(ignored).toHaveLength(4);
    expect(query.playerId).toBeUndefined();
    expect(query.currency).toBeUndefined();
    expect(query.status).toBeUndefined();
    expect(query.from).toBe('2026-11-02T00:00:00.000Z');
    expect(query.to).toBeUndefined();
    expect(query.sort).toBe('createdAt');
  });
});
