import fc from 'fast-check';
import { KEYED_MODALS, MODAL_SCOPED_PARAMS, type ModalQueryKey } from '@coinfall/shared';
import {
  closeModalQuery,
  gateModal,
  gateNeedsProfile,
  modalsToOpenOnLoad,
  openModalQuery,
  readOpenModal,
  stripParams,
  zIndexFor,
} from './modal-query.fns.ts';

const KEYS = Object.values(KEYED_MODALS) as ModalQueryKey[];
const CLEARED = ['modal', ...MODAL_SCOPED_PARAMS];

const keyArb = fc.constantFrom(...KEYS);
/** Params that have nothing to do with modals (never `modal` or a scoped name). */
const unrelatedParamsArb = fc.array(
  fc.tuple(
    fc.string({ minLength: 1, maxLength: 8 }).filter((name) => !CLEARED.includes(name)),
    fc.string({ maxLength: 8 }),
  ),
  { maxLength: 6 },
);
const anyParamsArb = fc
  .tuple(
    unrelatedParamsArb,
    fc.array(fc.tuple(fc.constantFrom(...CLEARED), fc.string({ maxLength: 8 })), { maxLength: 6 }),
  )
  .map(([a, b]) => new URLSearchParams([...b, ...a]));

describe('readOpenModal', () => {
  it('maps a query key to its modal name', () => {
    expect(readOpenModal(new URLSearchParams('modal=sign-up'))).toBe('register');
    expect(readOpenModal(new URLSearchParams('modal=forgot-pass&resetCode=1'))).toBe('forgotPass');
    expect(readOpenModal(new URLSearchParams('modal=w9'))).toBe('w9');
  });

  it('opens nothing for an unknown key, a modal name instead of its key, or no param', () => {
    expect(readOpenModal(new URLSearchParams('modal=nope'))).toBeUndefined();
    expect(readOpenModal(new URLSearchParams('modal=signIn'))).toBeUndefined();
    expect(readOpenModal(new URLSearchParams('modal=deposit'))).toBeUndefined();
    expect(readOpenModal(new URLSearchParams(''))).toBeUndefined();
  });

  it('takes the first known key when the param repeats', () => {
    expect(readOpenModal(new URLSearchParams('modal=nope&modal=error&modal=success'))).toBe(
      'error',
    );
  });
});

describe('openModalQuery', () => {
  it('sets the key and keeps the rest of the query', () => {
    expect(openModalQuery(new URLSearchParams('stag=abc'), 'sign-in').toString()).toBe(
      'stag=abc&modal=sign-in',
    );
  });

  it('replaces another keyed modal and drops its scoped params', () => {
    const next = openModalQuery(new URLSearchParams('modal=error&code=11002&page=2'), 'sign-in');
    expect(next.getAll('modal')).toEqual(['sign-in']);
    expect(next.has('code')).toBe(false);
    expect(next.get('page')).toBe('2');
  });

  it('keeps scoped params when re-opening the same modal and applies extra ones', () => {
    const next = openModalQuery(new URLSearchParams('modal=profile&source=nav'), 'profile', {
      backTo: 'bundles',
    });
    expect(next.get('source')).toBe('nav');
    expect(next.get('backTo')).toBe('bundles');
  });

  it('does not mutate its input', () => {
    const params = new URLSearchParams('a=1');
    openModalQuery(params, 'success');
    expect(params.toString()).toBe('a=1');
  });

  it('always leaves exactly one keyed modal open, the one asked for', () => {
    fc.assert(
      fc.property(anyParamsArb, keyArb, (params, key) => {
        const next = openModalQuery(params, key);
        expect(next.getAll('modal')).toEqual([key]);
      }),
    );
  });
});

describe('closeModalQuery', () => {
  it('removes modal, resetCode, source, full, backTo and code', () => {
    const next = closeModalQuery(
      new URLSearchParams(
        'modal=reset-pass&resetCode=x&source=y&full=1&backTo=bundles&code=9&stag=keep',
      ),
    );
    expect(next.toString()).toBe('stag=keep');
  });

  it('always clears every listed param, whatever the query held', () => {
    fc.assert(
      fc.property(anyParamsArb, (params) => {
        const next = closeModalQuery(params);
        for (const name of CLEARED) expect(next.has(name)).toBe(false);
      }),
    );
  });

  it('opening then closing leaves unrelated params untouched', () => {
    fc.assert(
      fc.property(unrelatedParamsArb, keyArb, (entries, key) => {
        const params = new URLSearchParams(entries);
        const roundTrip = closeModalQuery(openModalQuery(params, key));
        expect(roundTrip.toString()).toBe(params.toString());
      }),
    );
  });
});

describe('modalsToOpenOnLoad', () => {
  it('opens the named modal for a guest', () => {
    expect(modalsToOpenOnLoad(new URLSearchParams('modal=sign-in'), false)).toEqual({
      open: 'signIn',
      strip: [],
    });
  });

  it.each(['sign-up', 'sign-in', 'forgot-pass', 'reset-pass', 'payment', 'card-info'])(
    'closes %s for a logged-in visitor and strips it with its scoped params',
    (key) => {
      const params = new URLSearchParams(`modal=${key}&resetCode=abc&stag=keep`);
      const plan = modalsToOpenOnLoad(params, true);
      expect(plan.open).toBeUndefined();
      expect(plan.strip.sort()).toEqual(['modal', 'resetCode']);
      expect(stripParams(params, plan.strip).toString()).toBe('stag=keep');
    },
  );

  it('opens the other modals for a logged-in visitor', () => {
    expect(modalsToOpenOnLoad(new URLSearchParams('modal=success'), true)).toEqual({
      open: 'success',
      strip: [],
    });
    expect(modalsToOpenOnLoad(new URLSearchParams('modal=bundles'), true)).toEqual({
      open: 'bundles',
      strip: [],
    });
  });

  it('opens nothing and strips nothing for an unknown key', () => {
    expect(modalsToOpenOnLoad(new URLSearchParams('modal=zzz'), true)).toEqual({
      open: undefined,
      strip: [],
    });
  });

  it('never strips for a guest and never opens a closed-when-logged-in modal for a member', () => {
    fc.assert(
      fc.property(anyParamsArb, keyArb, fc.boolean(), (params, key, loggedIn) => {
        const withKey = openModalQuery(params, key);
        const plan = modalsToOpenOnLoad(withKey, loggedIn);
        if (!loggedIn) expect(plan).toEqual({ open: readOpenModal(withKey), strip: [] });
        else if (plan.open === undefined) expect(plan.strip).toContain('modal');
        else expect(plan.strip).toEqual([]);
      }),
    );
  });
});

describe('zIndexFor', () => {
  it('starts at 1000 and rises by 2 per stacked modal', () => {
    expect([0, 1, 2].map(zIndexFor)).toEqual([1000, 1002, 1004]);
  });
});

describe('gateModal (spec §6)', () => {
  const guest = { loggedIn: false, profileComplete: undefined };
  const incomplete = { loggedIn: true, profileComplete: false };
  const complete = { loggedIn: true, profileComplete: true };
  const loading = { loggedIn: true, profileComplete: undefined };

  it('sends a guest to sign-in for deposit, bundles, payment and card info', () => {
    for (const target of ['deposit', 'bundles', 'payment', 'card-info'] as const)
      expect(gateModal(target, guest), target).toBe('sign-in');
  });

  it('sends a player with an incomplete profile to the profile modal', () => {
    for (const target of ['deposit', 'bundles', 'payment', 'card-info', 'purchase'] as const)
      expect(gateModal(target, incomplete), target).toBe('profile');
  });

  it('opens them for a player with a complete profile', () => {
    expect(gateModal('bundles', complete)).toBe('bundles');
    expect(gateModal('deposit', complete)).toBe('deposit');
  });

  it('waits while the profile is loading', () => {
    expect(gateModal('bundles', loading)).toBeUndefined();
  });

  it('leaves every other modal alone, for guests too', () => {
    for (const target of ['sign-in', 'success', 'profile', 'verify-phone', 'withdraw'] as const) {
      expect(gateModal(target, guest), target).toBe(target);
      expect(gateModal(target, incomplete), target).toBe(target);
    }
  });

  it('says when the profile is needed to decide', () => {
    expect(gateNeedsProfile('bundles')).toBe(true);
    expect(gateNeedsProfile('deposit')).toBe(true);
    expect(gateNeedsProfile('success')).toBe(false);
  });
});
