import { ComponentType, ErrorCode, MessageFlag } from './protocol.js';
import type { StoredMessage, World } from './world.js';

/**
 * Checks of a message body as Discord makes them (create, edit, interaction responses), and
 * its errors in Discord's shape: `{code: 50035, message: 'Invalid Form Body', errors: {...}}`.
 */

export interface ApiError {
  status: number;
  body: { message: string; code: number; errors?: unknown };
}

export interface MessageBody {
  content?: string;
  components?: unknown[];
  embeds?: unknown[];
  flags?: number;
  nonce?: string | number;
  enforceNonce: boolean;
  replyTo?: StoredMessage;
  allowedMentions?: { parse?: string[]; users?: string[]; roles?: string[]; replied_user?: boolean };
}

export const MAX_CONTENT = 2000;

function formError(path: string[], code: string, message: string): ApiError {
  let errors: Record<string, unknown> = { _errors: [{ code, message }] };
  for (const key of [...path].reverse()) errors = { [key]: errors };
  return { status: 400, body: { code: ErrorCode.invalidFormBody, message: 'Invalid Form Body', errors } };
}

function checkComponents(components: unknown): ApiError | undefined {
  if (!Array.isArray(components)) return formError(['components'], 'MODEL_TYPE_CONVERT', 'Only iterables may be used in a ListType');
  if (components.length > 5) return formError(['components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 0 and 5 in length.');
  const ids = new Set<string>();
  for (const [r, row] of components.entries()) {
    const rowObj = row as { type?: unknown; components?: unknown };
    if (rowObj.type !== ComponentType.actionRow || !Array.isArray(rowObj.components)) {
      return formError(['components', String(r)], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
    }
    if (rowObj.components.length < 1 || rowObj.components.length > 5) {
      return formError(['components', String(r), 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
    }
    for (const [b, button] of (rowObj.components as Array<Record<string, unknown>>).entries()) {
      const path = ['components', String(r), 'components', String(b)];
      if (button['type'] !== ComponentType.button) return formError([...path, 'type'], 'UNION_TYPE_CHOICES', 'This fake knows buttons only.');
      const style = button['style'];
      if (typeof style !== 'number' || style < 1 || style > 5) return formError([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5}.');
      if (typeof button['label'] === 'string' && button['label'].length > 80) return formError([...path, 'label'], 'BASE_TYPE_MAX_LENGTH', 'Must be 80 or fewer in length.');
      if (style === 5) continue;
      const id = button['custom_id'];
      if (typeof id !== 'string' || id.length < 1 || id.length > 100) return formError([...path, 'custom_id'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      if (ids.has(id)) return formError([...path, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
      ids.add(id);
    }
  }
  return undefined;
}

/**
 * Reads a message body. `channelId` is where it goes (replies must point into it); `edit`
 * says that absent fields keep their value.
 */
export function readMessageBody(raw: unknown, world: World, channelId: string, edit = false): { ok: true; value: MessageBody } | { ok: false; error: ApiError } {
  if (typeof raw !== 'object' || raw === null) return { ok: false, error: { status: 400, body: { code: 50109, message: 'The request body contains invalid JSON.' } } };
  const body = raw as Record<string, unknown>;
  const value: MessageBody = { enforceNonce: body['enforce_nonce'] === true };
  if (body['content'] !== undefined && body['content'] !== null) {
    if (typeof body['content'] !== 'string') return { ok: false, error: formError(['content'], 'STRING_TYPE_CONVERT', 'Could not interpret the value as string.') };
    if (body['content'].length > MAX_CONTENT) return { ok: false, error: formError(['content'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_CONTENT} or fewer in length.`) };
    value.content = body['content'];
  }
  if (body['components'] !== undefined && body['components'] !== null) {
    const error = checkComponents(body['components']);
    if (error) return { ok: false, error };
    value.components = body['components'] as unknown[];
  }
  if (Array.isArray(body['embeds'])) value.embeds = body['embeds'];
  if (typeof body['flags'] === 'number') value.flags = body['flags'];
  const nonce = body['nonce'];
  if (nonce !== undefined && nonce !== null) {
    if (typeof nonce === 'string' ? nonce.length > 25 : !Number.isInteger(nonce)) return { ok: false, error: formError(['nonce'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.') };
    value.nonce = nonce as string | number;
  }
  if (value.enforceNonce && value.nonce === undefined) return { ok: false, error: formError(['nonce'], 'BASE_TYPE_REQUIRED', 'This field is required when enforce_nonce is set') };
  const mentions = body['allowed_mentions'];
  if (mentions !== undefined && mentions !== null) {
    const m = mentions as MessageBody['allowedMentions'] & object;
    if (m.parse?.includes('users') && (m.users?.length ?? 0) > 0) {
      return { ok: false, error: formError(['allowed_mentions'], 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', 'parse:["users"] and users: [ids...] are mutually exclusive.') };
    }
    value.allowedMentions = m;
  }
  const reference = body['message_reference'] as { message_id?: string; channel_id?: string; fail_if_not_exists?: boolean } | undefined | null;
  if (reference) {
    const target = reference.message_id ? world.messages.get(reference.message_id) : undefined;
    if (!target || target.api.channel_id !== (reference.channel_id ?? channelId)) {
      if (reference.fail_if_not_exists !== false) {
        return { ok: false, error: formError(['message_reference'], 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message') };
      }
    } else value.replyTo = target;
  }
  const empty = !value.content?.trim() && !value.embeds?.length && !value.components?.length;
  if (!edit && empty) return { ok: false, error: { status: 400, body: { code: ErrorCode.emptyMessage, message: 'Cannot send an empty message' } } };
  return { ok: true, value };
}

/** Who a message by the bot pings: its mentions, as allowed, and the author it replies to. */
export function pingedUsers(world: World, body: MessageBody): string[] {
  const inContent = world.mentionedUsers(body.content ?? '');
  const allowed = body.allowedMentions;
  const users = allowed === undefined || allowed.parse?.includes('users') ? inContent : inContent.filter((id) => allowed.users?.includes(id));
  const repliedUser = body.replyTo && (allowed === undefined || allowed.replied_user === true) ? [body.replyTo.authorId] : [];
  return [...new Set([...users, ...repliedUser])].filter((id) => id !== world.bot.id);
}

export function isEphemeral(flags: number | undefined): boolean {
  return ((flags ?? 0) & MessageFlag.ephemeral) !== 0;
}
