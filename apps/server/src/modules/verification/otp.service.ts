import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import {
  OTP_TTL_SECONDS,
  toE164Phone,
  type OtpSendBody,
  type OtpSendResponse,
  type OtpVerifyBody,
  type PlayerProfile,
} from '@coinfall/shared';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { SmsSender } from '../../platform/sms/index.ts';
import { toProfile } from '../player/player.fns.ts';
import type { PlayerRepo } from '../player/player.repo.ts';
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
import type { OtpRepo } from './otp.repo.ts';

const HOUR_MS = 60 * 60_000;

const sessionGone = () => new AppError('UNAUTHENTICATED', 'The session token is not valid');

const wrongCode = (message: string, details: Record<string, unknown> = {}) =>
  new AppError('VALIDATION_FAILED', message, {
    fields: [{ field: 'body.code', message }],
    ...details,
  });

/** One account per confirmed number: the welcome coins are once per person (decision 024). */
const confirmedElsewhere = () =>
  new AppError('CONFLICT', 'This phone number is confirmed on another account', {
    fields: [{ field: 'body.phone', message: 'Confirmed on another account' }],
  });

/** Thrown when a code is asked for too soon; the routes turn retryAfter into Retry-After. */
export const tooSoon = (retryAfter: number) =>
  new AppError('RATE_LIMITED', `Ask for another code in ${retryAfter} s`, { retryAfter });

/** Phone verification by SMS one-time code (spec §7 /api/player/otp/send and /otp/verify). */
export function createOtpService(deps: {
  repo: OtpRepo;
  players: Pick<
    PlayerRepo,
    'lockPlayer' | 'findPlayerById' | 'confirmPhone' | 'phoneConfirmedElsewhere' | 'lockPhone'
  >;
  sms: SmsSender;
  /** player.verified (quests count it). */
  outbox: OutboxRecorder;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;

  /** The number to send to: the one given, else the profile's; 400 naming body.phone. */
  function targetPhone(given: string | undefined, profilePhone: string | null): string {
    const phone = given ?? profilePhone;
    if (!phone) {
      throw AppError.invalid('body.phone', 'Give a phone number: the profile has none');
    }
    const e164 = toE164Phone(phone);
    if (!e164) throw AppError.invalid('body.phone', 'Not a valid international phone number');
    return e164;
  }

  return {
    /** Texts a new code (earlier ones stop working), within the resend and hourly limits. */
    async send(actor: Actor, body: OtpSendBody): Promise<OtpSendResponse> {
      const player = await deps.players.findPlayerById(actor.playerId);
      if (!player) throw sessionGone();
      const phone = targetPhone(body.phone, player.phone);
      if (player.phoneConfirmed && player.phone === storedPhone(phone)) {
        throw new AppError('CONFLICT', 'This phone number is confirmed already', {
          fields: [{ field: 'body.phone', message: 'Already confirmed' }],
        });
      }

      if (await deps.players.phoneConfirmedElsewhere(storedPhone(phone), actor.playerId)) {
        throw confirmedElsewhere();
      }

      const code = newOtpCode();
      const sends = await repo.db.transaction(async (tx) => {
        // Serialises a player's sends, so parallel requests cannot both pass the limits.
        if (!(await deps.players.lockPlayer(tx, actor.playerId))) throw sessionGone();
        const at = now();
        const sent = await repo.sentSince(
          actor.playerId,
          body.reason,
          new Date(at.getTime() - HOUR_MS),
          tx,
        );
        const wait = secondsUntilNextSend(sent, at);
        if (wait > 0) throw tooSoon(wait);
        await repo.revokeCodes(tx, actor.playerId, body.reason, at);
        await repo.insertCode(tx, {
          playerId: actor.playerId,
          reason: body.reason,
          phone,
          codeHash: hashOtpCode(actor.playerId, code),
          createdAt: at,
          expiresAt: new Date(at.getTime() + OTP_TTL_SECONDS * 1000),
        });
        return { at, sent: [at, ...sent] };
      });
      // After commit: a failed SMS still counts as a send, so a broken provider is not hammered.
      await deps.sms.send({ to: phone, text: otpSmsText(code, OTP_TTL_SECONDS / 60) });
      return {
        phone: maskPhone(phone),
        expiresAfter: OTP_TTL_SECONDS,
        resendAfter: secondsUntilNextSend(sends.sent, sends.at),
      };
    },

    /** Checks a code; the right one confirms the number it was sent to. */
    async verify(actor: Actor, body: OtpVerifyBody): Promise<PlayerProfile> {
      const at = now();
      const live = await repo.findLive(actor.playerId, body.reason, at);
      if (!live) {
        throw wrongCode('No code is waiting: it was used, replaced or expired; ask for a new one');
      }
      const attempts = await repo.countAttempt(live.id, at);
      if (attempts === undefined) {
        throw wrongCode('Too many wrong codes: ask for a new one', { attemptsLeft: 0 });
      }
      if (!otpCodeMatches(actor.playerId, body.code, live.codeHash)) {
        const left = attemptsLeft(attempts);
        throw wrongCode(
          left > 0 ? `Wrong code; ${left} attempts left` : 'Wrong code; ask for a new one',
          { attemptsLeft: left },
        );
      }
      const row = await repo.db.transaction(async (tx) => {
        if (!(await repo.markUsed(tx, live.id, at))) {
          throw wrongCode('This code was used or replaced meanwhile; ask for a new one');
        }
        const phone = storedPhone(live.phone);
        // Another account may have confirmed the number since this code was sent.
        await deps.players.lockPhone(tx, phone);
        if (await deps.players.phoneConfirmedElsewhere(phone, actor.playerId, tx)) {
          throw confirmedElsewhere();
        }
        const updated = await deps.players.confirmPhone(tx, actor.playerId, phone, at);
        if (!updated) throw sessionGone();
        await deps.outbox.record(tx, {
          type: 'player.verified',
          playerId: actor.playerId,
          payload: { playerId: actor.playerId, what: 'phone' },
        });
        return updated;
      });
      return toProfile(row, false);
    },

    /**
     * Where a player's mail and texts went: their email, their profile's number (E.164) and every
     * number they asked a code for. The sandbox mailbox shows a player only what went to these
     * (docs/decisions/019).
     */
    async recipientsOf(playerId: string): Promise<string[]> {
      const player = await deps.players.findPlayerById(playerId);
      const profile = player?.phone ? toE164Phone(player.phone) : undefined;
      const asked = await repo.phonesAskedBy(playerId);
      return [
        ...(player?.email ? [player.email] : []),
        ...new Set([...(profile ? [profile] : []), ...asked]),
      ];
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
