/**
 * Numbers of Discord's API v10 that the fake speaks: gateway opcodes, intents, close codes,
 * channel, message, component and interaction types, JSON error codes. Written out here
 * rather than taken from the client library, so that the fake checks the client instead of
 * agreeing with it by construction.
 */

export const API_VERSION = '10';

export const Op = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  presenceUpdate: 3,
  voiceStateUpdate: 4,
  resume: 6,
  reconnect: 7,
  requestGuildMembers: 8,
  invalidSession: 9,
  hello: 10,
  heartbeatAck: 11,
} as const;

export const Intent = {
  guilds: 1 << 0,
  guildMembers: 1 << 1,
  guildMessages: 1 << 9,
  directMessages: 1 << 12,
  messageContent: 1 << 15,
} as const;

/** Intents an application must have switched on in the developer portal to ask for them. */
export const PRIVILEGED_INTENTS = Intent.guildMembers | Intent.messageContent | (1 << 8);

export const CloseCode = {
  unknownError: 4000,
  unknownOpcode: 4001,
  decodeError: 4002,
  notAuthenticated: 4003,
  authenticationFailed: 4004,
  alreadyAuthenticated: 4005,
  invalidSeq: 4007,
  sessionTimedOut: 4009,
  invalidApiVersion: 4012,
  invalidIntents: 4013,
  disallowedIntents: 4014,
} as const;

export const ChannelType = { guildText: 0, dm: 1, publicThread: 11 } as const;

export const MessageType = { default: 0, reply: 19 } as const;

export const ComponentType = { actionRow: 1, button: 2 } as const;

export const ButtonStyle = { primary: 1, secondary: 2, success: 3, danger: 4, link: 5 } as const;

export const InteractionType = { messageComponent: 3 } as const;

export const InteractionCallback = {
  channelMessageWithSource: 4,
  deferredChannelMessageWithSource: 5,
  deferredUpdateMessage: 6,
  updateMessage: 7,
} as const;

export const MessageFlag = { ephemeral: 1 << 6 } as const;

/** JSON error codes of REST answers. */
export const ErrorCode = {
  unknownChannel: 10003,
  unknownMessage: 10008,
  unknownUser: 10013,
  unknownInteraction: 10062,
  unauthorized: 40001,
  interactionAcknowledged: 40060,
  cannotEditOthersMessage: 50005,
  emptyMessage: 50006,
  invalidFormBody: 50035,
} as const;

/** Discord's epoch: the first second of 2015. */
const EPOCH = 1_420_070_400_000n;
let increment = 0n;

/** A snowflake: milliseconds since Discord's epoch, then worker, process and a counter. */
export function snowflake(at = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  return (((BigInt(at) - EPOCH) << 22n) | (1n << 17n) | (1n << 12n) | increment).toString();
}
