import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import { MajordomoError } from '../../core/errors.js';

/** Something Discord said no to, or could not be reached for. Codes are `DISCORD_*`. */
export class DiscordError extends MajordomoError {
  /** Whether trying again later may work (Discord unreachable or failing, not a refusal). */
  readonly retryable: boolean;

  constructor(code: `DISCORD_${string}`, message: string, options: { cause?: unknown; hint?: string; retryable?: boolean } = {}) {
    super(code, message, options);
    this.retryable = options.retryable ?? false;
  }
}

/** Turns a failure of discord.js into a DiscordError that says what it means. */
export function discordError(error: unknown, what: string): DiscordError {
  if (error instanceof DiscordError) return error;
  if (error instanceof DiscordAPIError) {
    switch (error.code) {
      case RESTJSONErrorCodes.UnknownChannel:
        return new DiscordError('DISCORD_UNKNOWN_CHANNEL', `${what}: Discord knows no such channel`, { cause: error, hint: 'check the channel id' });
      case RESTJSONErrorCodes.UnknownUser:
        return new DiscordError('DISCORD_UNKNOWN_USER', `${what}: Discord knows no such user`, { cause: error, hint: 'check the user id' });
      case RESTJSONErrorCodes.CannotSendMessagesToThisUser:
        return new DiscordError('DISCORD_CANNOT_DM', `${what}: that user does not take direct messages from the bot`, { cause: error, hint: 'they must share a server with the bot and allow DMs from its members' });
      case RESTJSONErrorCodes.MissingAccess:
      case RESTJSONErrorCodes.MissingPermissions:
        return new DiscordError('DISCORD_NO_ACCESS', `${what}: the bot may not write there`, { cause: error, hint: 'give the bot the View Channel and Send Messages permissions there' });
      default: {
        const status = error.status;
        return new DiscordError('DISCORD_API', `${what}: Discord answered ${status} (${error.message})`, { cause: error, retryable: status >= 500 || status === 429 });
      }
    }
  }
  return new DiscordError('DISCORD_UNREACHABLE', `${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error, retryable: true });
}
