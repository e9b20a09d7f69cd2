import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_TYPES,
  supportAttachmentFieldsSchema,
  type SupportAttachmentType,
  type SupportConversationView,
  type SupportHistoryQuery,
  type SupportMessage,
  type SupportRatingBody,
  type SupportSendBody,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createGroupCommit } from '../../platform/group-commit.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { attachmentName, sanitiseText, textRefusal, typingAllowed } from './support.fns.ts';
import type { SupportAssignment } from './support-assignment.ts';
import { createSupportBatchRepo } from './support-batch.repo.ts';
import { createPlayerMessageWriter } from './support-send.ts';
import type { SupportPublisher } from './support-publisher.ts';
import type { ConversationRow, SupportRepo } from './support.repo.ts';
import { markersOf, toConversation, toMessage } from './support-views.fns.ts';

/** The multipart upload as the route read it: short text fields and the one file part. */
export interface SupportUpload {
  fields: Record<string, string>;
  file: { bytes: Buffer; filename: string | undefined } | null;
}

/**
 * The player's side of the support chat (decision 040): their conversation and its history,
 * writing (which opens a conversation and auto-assigns it), attachments, read receipts, typing,
 * and the rating after close. `playerId` comes from a session or a support pass.
 */
export function createSupportService(deps: {
  db: Database;
  repo: SupportRepo;
  publisher: SupportPublisher;
  assignment: Pick<SupportAssignment, 'forNewConversation'>;
  storage: ObjectStorage;
  now?: () => Date;
  onOrphan?: (key: string, error: unknown) => void;
}) {
  const { db, repo, publisher } = deps;
  const now = deps.now ?? (() => new Date());
  const typingSentAt = new Map<string, number>();

  async function agentName(tx: Database, staffId: string | null): Promise<string | null> {
    if (!staffId) return null;
    return (await repo.agent(tx, staffId))?.displayName ?? null;
  }

  async function conversationOf(tx: Database, row: ConversationRow) {
    const unread = await repo.unread(tx, row.id, 'player', row.playerReadUpTo);
    return toConversation(row, await agentName(tx, row.assignedStaffId), unread);
  }

  /** Every player message goes through one group commit (decision 071). */
  const messages = createGroupCommit({
    db,
    write: createPlayerMessageWriter({
      repo,
      batch: createSupportBatchRepo(),
      publisher,
      assignment: deps.assignment,
      conversationOf,
      now,
    }),
  });

  /** The message the player already sent with this client id (a retry's answer), if any. */
  async function earlierMessage(
    tx: Database,
    playerId: string,
    clientMessageId: string | null,
  ): Promise<SupportMessage | null> {
    if (!clientMessageId) return null;
    const row = await repo.messageByClientId(tx, playerId, clientMessageId);
    return row ? toMessage(row, markersOf(await repo.find(tx, row.conversationId))) : null;
  }

  async function detectType(bytes: Buffer): Promise<SupportAttachmentType> {
    const detected = (await fileTypeFromBuffer(bytes))?.mime ?? '';
    if (!(SUPPORT_ATTACHMENT_TYPES as readonly string[]).includes(detected)) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `The file must be one of ${SUPPORT_ATTACHMENT_TYPES.join(', ')}`,
        { fields: [{ field: 'body.file', message: 'Only PNG, JPEG, WebP images or PDF files' }] },
      );
    }
    return detected as SupportAttachmentType;
  }

  return {
    async view(playerId: string, query: SupportHistoryQuery): Promise<SupportConversationView> {
      return db.transaction(async (tx) => {
        const agentsOnline = (await repo.agentLoads(tx)).some((a) => a.presence === 'online');
        const latest = await repo.latestOf(tx, playerId);
        if (!latest) return { conversation: null, messages: [], hasMore: false, agentsOnline };
        if (latest.status !== 'closed') await repo.touchPlayer(tx, latest.id, now());
        const page = await repo.page(tx, latest.id, {
          before: query.before,
          limit: query.limit,
          internal: false,
        });
        return {
          conversation: await conversationOf(tx, latest),
          messages: page.messages.map((m) => toMessage(m, markersOf(latest))),
          hasMore: page.hasMore,
          agentsOnline,
        };
      });
    },

    /**
     * A text message, from the API or the socket (`field` prefixes the name of a refused field:
     * `body` or `data`). Answered once its batch committed.
     */
    async send(
      playerId: string,
      body: SupportSendBody,
      field: 'body' | 'data' = 'body',
    ): Promise<SupportMessage> {
      const text = sanitiseText(body.text);
      const refusal = textRefusal(text);
      if (refusal) throw AppError.invalid(`${field}.text`, refusal);
      const { message } = await messages.submit({
        playerId,
        text,
        clientMessageId: body.clientMessageId,
        locale: body.locale,
      });
      return message;
    },

    /** An image or PDF, checked by its bytes, stored privately before the message is written. */
    async attach(playerId: string, upload: SupportUpload): Promise<SupportMessage> {
      const fields = supportAttachmentFieldsSchema.safeParse(upload.fields);
      if (!fields.success) {
        const issue = fields.error.issues[0]!;
        throw AppError.invalid(`body.${issue.path.join('.')}`, issue.message);
      }
      if (!upload.file || upload.file.bytes.length === 0) {
        throw AppError.invalid('body.file', 'Attach the file as the part named "file"');
      }
      const { bytes, filename } = upload.file;
      if (bytes.length > SUPPORT_ATTACHMENT_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 5 MB');
      }
      const text = sanitiseText(fields.data.text ?? '');
      const refusal = textRefusal(text, { allowEmpty: true });
      if (refusal) throw AppError.invalid('body.text', refusal);
      const contentType = await detectType(bytes);
      const clientMessageId = fields.data.clientMessageId ?? null;
      // A retry of an upload that was stored: its first answer, and no second copy of the file.
      const earlier = await db.transaction((tx) => earlierMessage(tx, playerId, clientMessageId));
      if (earlier) return earlier;
      const storageKey = `support/${randomUUID()}`;
      await deps.storage.put(storageKey, bytes);
      const discard = () =>
        deps.storage.delete(storageKey).catch((e: unknown) => deps.onOrphan?.(storageKey, e));
      try {
        const { message, duplicate } = await messages.submit({
          playerId,
          text,
          clientMessageId,
          locale: fields.data.locale,
          attachment: {
            name: attachmentName(filename, contentType),
            contentType,
            size: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            storageKey,
          },
        });
        if (duplicate) await discard();
        return message;
      } catch (error) {
        await discard();
        throw error;
      }
    },

    /**
     * The file of an attachment, for its conversation's player or any staff member with the
     * support permission; another player's id answers exactly as an unknown one (404).
     */
    async file(
      who: { playerId: string } | { staff: true },
      id: string,
    ): Promise<{
      stream: Readable;
      contentType: SupportAttachmentType;
      size: number;
      name: string;
    }> {
      const row = await repo.attachment(db, id);
      const allowed = row && ('staff' in who || row.playerId === who.playerId);
      const stream = allowed ? await deps.storage.get(row.storageKey) : null;
      if (!row || !stream) throw AppError.notFound('Attachment');
      return { stream, contentType: row.contentType, size: row.size, name: row.name };
    },

    async read(playerId: string, upToMessageId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const open = await repo.latestOf(tx, playerId);
        if (!open) throw AppError.notFound('Conversation');
        const at = now();
        await repo.touchPlayer(tx, open.id, at);
        const marker = await repo.markRead(tx, open.id, 'player', upToMessageId, at);
        if (marker !== null) {
          await publisher.toStaff(tx, {
            type: 'read',
            conversationId: open.id,
            upToMessageId: marker,
            by: 'player',
          });
        }
      });
    },

    /** Passed on to the console at most once per throttle interval; silently dropped otherwise. */
    async typing(playerId: string): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        const open = await repo.openOf(tx, playerId);
        if (!open) return;
        await repo.touchPlayer(tx, open.id, at);
        if (!typingAllowed(typingSentAt.get(open.id), at.getTime())) return;
        typingSentAt.set(open.id, at.getTime());
        await publisher.toStaff(tx, { type: 'typing', conversationId: open.id });
      });
      forgetOldTyping(typingSentAt, at.getTime());
    },

    async rate(playerId: string, body: SupportRatingBody): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.find(tx, body.conversationId, true);
        if (!row || row.playerId !== playerId) throw AppError.notFound('Conversation');
        if (row.status !== 'closed') {
          throw new AppError('CONFLICT', 'A conversation is rated once it is closed');
        }
        if (row.ratedAt) throw new AppError('CONFLICT', 'This conversation was rated already');
        const comment = body.comment ? sanitiseText(body.comment) : '';
        await repo.update(tx, row.id, {
          ratingScore: body.score,
          ratingComment: comment || null,
          ratedAt: now(),
        });
      });
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;

/** Keeps the typing map small: entries past the throttle interval decide nothing any more. */
export function forgetOldTyping(sentAt: Map<string, number>, nowMs: number): void {
  if (sentAt.size < 1000) return;
  for (const [key, at] of sentAt) if (typingAllowed(at, nowMs)) sentAt.delete(key);
}
