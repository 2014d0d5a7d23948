import { InvalidInputError } from '../../errors.js';

/**
 * JSON text for a column. `undefined` (and functions, symbols) have no JSON form: refusing
 * them here beats storing text that does not parse back to what was given.
 */
export function toJson(value: unknown, what: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new InvalidInputError(`${what} cannot be stored as JSON`, { cause: error });
  }
  if (text === undefined) throw new InvalidInputError(`${what} cannot be stored as JSON: it is ${typeof value}`);
  return text;
}

/** The value of a JSON column. */
export function fromJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
