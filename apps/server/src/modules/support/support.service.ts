import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_TYPES,
  supportAttachmentFieldsSchema,
  type Locale,
  type SupportAttachmentType,
  type SupportConversationView,
  type SupportHistoryQuery,
  type SupportMessage,
  type SupportRatingBody,
  type SupportSendBody,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { attachmentName, sanitiseText, textRefusal, typingAllowed } from './support.fns.ts';
import type { SupportAssignment } from './support-assignment.ts';
import type { SupportPublisher } from './support-publisher.ts';
import type { ConversationRow, SupportRepo } from './support.repo.ts';
import { toConversation, toMessage } from './support-views.fns.ts';

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

  /**
   * The player's open conversation, opened (and auto-assigned to the least busy online agent
   * with room) when there is none. Auto-assignments are serialised across nodes; a race with the
   * player's own other request is settled by the one-open-per-player index.
   */
  async function openConversation(tx: Database, playerId: string, at: Date) {
    const open = await repo.openOf(tx, playerId, true);
    if (open) return { conversation: open, opened: false };
    const assignee = await deps.assignment.forNewConversation(tx);
    const created = await repo.open(tx, {
      playerId,
      status: assignee ? 'assigned' : 'waiting',
      assignedStaffId: assignee,
    });
    if (!created) {
      const raced = await repo.openOf(tx, playerId, true);
      if (!raced) throw new AppError('CONFLICT', 'The conversation changed; try again');
      return { conversation: raced, opened: false };
    }
    if (assignee) await repo.setLastAssigned(tx, assignee, at);
    return { conversation: created, opened: true };
  }

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

  /** Writes a player message (text, or an attachment with optional text) and announces it. */
  async function postPlayerMessage(
    playerId: string,
    input: {
      text: string;
      clientMessageId: string | null;
      locale: Locale | undefined;
      attachment?: AttachmentInput;
      /** Called when an earlier message had this client id: the attachment given went unused. */
      onDuplicate?: () => void;
    },
  ): Promise<SupportMessage> {
    return db.transaction(async (tx) => {
      const earlier = await earlierMessage(tx, playerId, input.clientMessageId);
      if (earlier) {
        input.onDuplicate?.();
        return earlier;
      }
      const at = now();
      const { conversation, opened } = await openConversation(tx, playerId, at);
      const attachment = input.attachment
        ? await repo.insertAttachment(tx, {
            conversationId: conversation.id,
            playerId,
            ...input.attachment,
          })
        : null;
      const inserted = await repo.insertMessage(tx, {
        conversationId: conversation.id,
        playerId,
        author: 'player',
        text: input.text,
        attachmentId: attachment?.id ?? null,
        clientMessageId: input.clientMessageId,
      });
      const message =
        inserted ?? (await repo.messageByClientId(tx, playerId, input.clientMessageId ?? ''));
      if (!message) throw new AppError('CONFLICT', 'The message could not be stored; try again');
      if (!inserted) {
        // A concurrent request with the same client id won: its message is the answer.
        if (attachment) await repo.deleteAttachment(tx, attachment.id);
        input.onDuplicate?.();
        return toMessage(message, markersOf(conversation));
      }
      const updated = await repo.update(tx, conversation.id, {
        lastMessageAt: at,
        waitingSince: conversation.waitingSince ?? at,
        playerSeenAt: at,
        // The player has read what they wrote, and everything before it.
        playerReadUpTo: message.id,
        playerReadAt: at,
        // The language they write from now is the one to email answers in.
        ...(input.locale ? { locale: input.locale } : {}),
      });
      const view = toMessage(message, markersOf(updated));
      // One outbox statement for the message's publications (decision 051).
      await publisher.all(tx, [
        { playerId, publication: { type: 'message', message: view } },
        { playerId: null, publication: { type: 'message', message: { ...view, internal: false } } },
        ...(opened
          ? [
              {
                playerId,
                publication: {
                  type: 'conversation' as const,
                  conversation: await conversationOf(tx, updated),
                },
              },
            ]
          : []),
        { playerId: null, publication: { type: 'queue' } },
      ]);
      return view;
    });
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

    send(playerId: string, body: SupportSendBody): Promise<SupportMessage> {
      const text = sanitiseText(body.text);
      const refusal = textRefusal(text);
      if (refusal) throw AppError.invalid('body.text', refusal);
      return postPlayerMessage(playerId, {
        text,
        clientMessageId: body.clientMessageId,
        locale: body.locale,
      });
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
      let duplicate = false;
      try {
        const message = await postPlayerMessage(playerId, {
          text,
          clientMessageId,
          locale: fields.data.locale,
          onDuplicate: () => (duplicate = true),
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

type AttachmentInput = {
  name: string;
  contentType: SupportAttachmentType;
  size: number;
  sha256: string;
  storageKey: string;
};

export function markersOf(row: ConversationRow | null) {
  return {
    playerReadUpTo: row?.playerReadUpTo ?? 0,
    agentReadUpTo: row?.agentReadUpTo ?? 0,
    playerReadAt: row?.playerReadAt ?? null,
    agentReadAt: row?.agentReadAt ?? null,
  };
}

/** Keeps the typing map small: entries past the throttle interval decide nothing any more. */
export function forgetOldTyping(sentAt: Map<string, number>, nowMs: number): void {
  if (sentAt.size < 1000) return;
  for (const [key, at] of sentAt) if (typingAllowed(at, nowMs)) sentAt.delete(key);
}
