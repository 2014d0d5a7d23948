import { MajordomoError } from '../../core/errors.js';
import type { ActionResult } from '../../core/types.js';

/** Stable codes of the Minecraft bot's failures. */
export const MC_CODES = {
  notConnected: 'MC_ERR_NOT_CONNECTED',
  disconnected: 'MC_ERR_DISCONNECTED',
  timeout: 'MC_ERR_TIMEOUT',
  stopped: 'MC_ERR_STOPPED',
  unknownItem: 'MC_ERR_UNKNOWN_ITEM',
  noRecipe: 'MC_ERR_NO_WAY_TO_OBTAIN',
  noSource: 'MC_ERR_NO_SOURCE',
  unreachable: 'MC_ERR_UNREACHABLE',
  craftFailed: 'MC_ERR_CRAFT_FAILED',
  smeltFailed: 'MC_ERR_SMELT_FAILED',
  placeFailed: 'MC_ERR_PLACE_FAILED',
  noStation: 'MC_ERR_NO_STATION',
  missingItems: 'MC_ERR_MISSING_ITEMS',
  noProgress: 'MC_ERR_NO_PROGRESS',
  playerNotFound: 'MC_ERR_PLAYER_NOT_FOUND',
  stepFailed: 'MC_ERR_STEP_FAILED',
  interrupted: 'MC_ERR_INTERRUPTED',
  unknownPlayer: 'MC_ERR_UNKNOWN_PLAYER',
  unknownPlace: 'MC_ERR_UNKNOWN_PLACE',
  game: 'MC_ERR_GAME',
} as const;

export type MinecraftCode = (typeof MC_CODES)[keyof typeof MC_CODES];

/** A failure of the Minecraft bot, with a stable `MC_ERR_*` code. */
export class MinecraftError extends MajordomoError {
  /** Whether trying again later may work (the connection came back, the mob moved). */
  readonly retryable: boolean;

  constructor(code: MinecraftCode, message: string, options: { cause?: unknown; hint?: string; retryable?: boolean } = {}) {
    super(code, message, options);
    this.retryable = options.retryable ?? true;
  }
}

/** The connection to the server went away while the bot was doing something. */
export class DisconnectedError extends MinecraftError {
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super(MC_CODES.disconnected, `lost the connection to the Minecraft server (${reason})`, { ...options, hint: 'the bot reconnects by itself; try again once it is back', retryable: true });
  }
}

/** A call to the game took longer than it was allowed. */
export class GameTimeoutError extends MinecraftError {
  constructor(what: string, timeoutMs: number) {
    super(MC_CODES.timeout, `${what} did not finish within ${Math.round(timeoutMs / 1000)} s`, { retryable: true });
  }
}

/** The bot was told to stop, or the action was cancelled. */
export class StoppedError extends MinecraftError {
  constructor(what: string) {
    super(MC_CODES.stopped, `${what} was stopped`, { retryable: false });
  }
}

/** A failed step that knows where it failed and how many game actions it took first. */
export class StepFailure extends MinecraftError {
  readonly target: { x: number; y: number; z: number } | undefined;
  readonly actions: number;

  constructor(error: MinecraftError, details: { target?: { x: number; y: number; z: number }; actions: number }) {
    super(error.code as MinecraftCode, error.message, { cause: error, retryable: error.retryable, ...(error.hint ? { hint: error.hint } : {}) });
    this.target = details.target;
    this.actions = details.actions;
  }
}

/** A method's failure as an ActionResult, keeping the code and hint. */
export function failure(error: unknown): ActionResult {
  if (error instanceof MinecraftError) {
    return { ok: false, retryable: error.retryable, error: { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) } };
  }
  if (error instanceof MajordomoError) {
    return { ok: false, retryable: true, error: { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) } };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, retryable: true, error: { code: MC_CODES.game, message: `the game refused: ${message}` } };
}
