import fc from 'fast-check';
import { OTP_MAX_ATTEMPTS, OTP_MAX_SENDS_PER_HOUR } from '@coinfall/shared';
import {
  attemptsLeft,
  hashOtpCode,
  maskPhone,
  newOtpCode,
  otpCodeMatches,
  otpSmsText,
  secondsUntilNextSend,
  storedPhone,
} from './otp.fns.ts';

const PLAYER_A = '0b6a3f1e-6f4c-4a57-9a55-2d0c1f2f8a01';
const PLAYER_B = '7d1c2e9a-1b3f-4d8e-8c6a-5e4f3a2b1c0d';
const at = new Date('2030-01-01T12:00:00Z');
const ago = (seconds: number) => new Date(at.getTime() - seconds * 1000);

describe('newOtpCode', () => {
  it('is always six digits, leading zeros kept', () => {
    for (let i = 0; i < 2000; i += 1) expect(newOtpCode()).toMatch(/^\d{6}$/);
  });

  it('is not a constant', () => {
    expect(new Set(Array.from({ length: 50 }, newOtpCode)).size).toBeGreaterThan(40);
  });
});

describe('hashOtpCode / otpCodeMatches', () => {
  it('matches the same code of the same player only', () => {
    const stored = hashOtpCode(PLAYER_A, '012345');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(otpCodeMatches(PLAYER_A, '012345', stored)).toBe(true);
    expect(otpCodeMatches(PLAYER_A, ' 012345 ', stored)).toBe(true);
    expect(otpCodeMatches(PLAYER_A, '012346', stored)).toBe(false);
    expect(otpCodeMatches(PLAYER_B, '012345', stored)).toBe(false);
  });

  it('salts by player: one code hashes differently for two players', () => {
    expect(hashOtpCode(PLAYER_A, '111111')).not.toBe(hashOtpCode(PLAYER_B, '111111'));
  });

  it('never matches a malformed stored hash', () => {
    expect(otpCodeMatches(PLAYER_A, '012345', 'abc')).toBe(false);
    expect(otpCodeMatches(PLAYER_A, '012345', '')).toBe(false);
  });

  it('matches exactly the code that was hashed (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6}$/),
        fc.stringMatching(/^\d{6}$/),
        (code, guess) =>
          otpCodeMatches(PLAYER_A, guess, hashOtpCode(PLAYER_A, code)) === (code === guess),
      ),
    );
  });
});

describe('secondsUntilNextSend', () => {
  it('lets the first code go at once', () => {
    expect(secondsUntilNextSend([], at)).toBe(0);
  });

  it('waits 60 s after the latest code', () => {
    expect(secondsUntilNextSend([ago(1)], at)).toBe(59);
    expect(secondsUntilNextSend([ago(59.5)], at)).toBe(1);
    expect(secondsUntilNextSend([ago(60)], at)).toBe(0);
    expect(secondsUntilNextSend([ago(600), ago(10)], at)).toBe(50);
  });

  it(`allows ${OTP_MAX_SENDS_PER_HOUR} codes in a rolling hour, then waits for the oldest to leave it`, () => {
    const four = [ago(3000), ago(2000), ago(1000), ago(100)];
    expect(secondsUntilNextSend(four, at)).toBe(0);
    const five = [ago(3000), ...four.slice(1), ago(120)];
    expect(secondsUntilNextSend(five, at)).toBe(600);
    expect(secondsUntilNextSend([ago(3600), ...five.slice(1)], at)).toBe(0);
  });

  it('ignores codes older than an hour', () => {
    const old = Array.from({ length: 10 }, (_, i) => ago(3600 + i));
    expect(secondsUntilNextSend(old, at)).toBe(0);
  });

  it('never answers a negative wait and never lets a 6th code into one hour (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 7200 }), { maxLength: 12 }), (agos) => {
        const sent = agos.map(ago);
        const wait = secondsUntilNextSend(sent, at);
        expect(wait).toBeGreaterThanOrEqual(0);
        const next = new Date(at.getTime() + wait * 1000);
        const inHour = sent.filter((d) => d.getTime() > next.getTime() - 3_600_000).length;
        expect(inHour).toBeLessThan(OTP_MAX_SENDS_PER_HOUR);
        if (sent.length > 0) {
          const latest = Math.max(...sent.map((d) => d.getTime()));
          expect(next.getTime() - latest).toBeGreaterThanOrEqual(60_000);
        }
      }),
    );
  });
});

describe('attemptsLeft', () => {
  it(`counts down from ${OTP_MAX_ATTEMPTS} and stops at 0`, () => {
    expect(attemptsLeft(0)).toBe(OTP_MAX_ATTEMPTS);
    expect(attemptsLeft(OTP_MAX_ATTEMPTS - 1)).toBe(1);
    expect(attemptsLeft(OTP_MAX_ATTEMPTS + 3)).toBe(0);
  });
});

describe('maskPhone / storedPhone / otpSmsText', () => {
  it('hides every digit but the last four', () => {
    expect(maskPhone('+14155552671')).toBe('+*******2671');
    expect(maskPhone('+442071838750')).toBe('+********8750');
    expect(maskPhone('+123')).toBe('+123');
  });

  it('stores the number without its "+"', () => {
    expect(storedPhone('+14155552671')).toBe('14155552671');
  });

  it('puts the code and its lifetime in the message', () => {
    expect(otpSmsText('004211', 10)).toContain('004211');
    expect(otpSmsText('004211', 10)).toContain('10 minutes');
  });
});
