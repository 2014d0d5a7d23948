import { MajordomoError } from '../../errors.js';

/** Codes of the model errors. */
export const MODEL_CODES = {
  /** No answer after the retries: timeouts, no connection, rate limits, server errors. */
  unavailable: 'MJ_ERR_MODEL_UNAVAILABLE',
  /** The endpoint refused the request: a wrong key, an unknown model, a parameter it lacks. */
  refused: 'MJ_ERR_MODEL_REFUSED',
  /** The model's answers did not fit what was asked, attempt after attempt. */
  output: 'MJ_ERR_MODEL_OUTPUT',
} as const;

/** The model could not be asked, or what it said could not be used. */
export class ModelError extends MajordomoError {
  /** HTTP status of the endpoint's last answer, when it gave one. */
  readonly status: number | undefined;

  constructor(code: (typeof MODEL_CODES)[keyof typeof MODEL_CODES], message: string, options: { cause?: unknown; hint?: string; status?: number } = {}) {
    super(code, message, options);
    this.status = options.status;
  }
}

/** Whether the error says the model was out of reach (as opposed to a bad answer or a bug). */
export function isUnavailable(error: unknown): error is ModelError {
  return error instanceof ModelError && (error.code === MODEL_CODES.unavailable || error.code === MODEL_CODES.refused);
}
