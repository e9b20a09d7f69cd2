import { startupModal, termsModal } from './startup-modal.fns.ts';

describe('startupModal (spec §4 "Startup")', () => {
  it('opens user-name for a player with an email who has not accepted the terms', () => {
    expect(startupModal({ agreedTc: false, email: 'p@example.com' }, false)).toBe('user-name');
  });

  it('opens user-name-email when the player has no email', () => {
    expect(startupModal({ agreedTc: false, email: '' }, false)).toBe('user-name-email');
  });

  it('opens nothing once the terms are accepted', () => {
    expect(startupModal({ agreedTc: true, email: '' }, false)).toBeUndefined();
    expect(startupModal({ agreedTc: true, email: 'p@example.com' }, false)).toBeUndefined();
  });

  it('never replaces a keyed modal that is already open', () => {
    expect(startupModal({ agreedTc: false, email: 'p@example.com' }, true)).toBeUndefined();
    expect(startupModal({ agreedTc: false, email: '' }, true)).toBeUndefined();
  });
});

describe('termsModal', () => {
  it('asks for an email only when there is none', () => {
    expect(termsModal({ email: 'p@example.com' })).toBe('user-name');
    expect(termsModal({ email: '' })).toBe('user-name-email');
  });
});
