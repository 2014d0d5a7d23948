import { randomBytes } from 'node:crypto';

/**
 * The assistant's address and its plus-addressed variants: `majordomo+<token>@example.org`
 * names one conversation. The token goes out only in the Reply-To of mail to that
 * conversation's owner, so a reply that carries it comes from someone who read that mail.
 */

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 characters of base 32: 80 random bits, lower case so that no mail server's case folding breaks it. */
const TOKEN = /^[a-z2-7]{16}$/;

export function newToken(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export function isToken(value: string): boolean {
  return TOKEN.test(value);
}

/** The bare address in "Name <a@b>" or "a@b", lower case; undefined when there is none. */
export function bareAddress(value: string): string | undefined {
  const m = /<\s*([^<>\s]+@[^<>\s]+)\s*>/.exec(value) ?? /([^\s<>"]+@[^\s<>"]+)/.exec(value);
  return m?.[1]?.toLowerCase();
}

export function isAddress(value: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+$/.test(value);
}

/** Builds and reads the plus-addressed variants of the assistant's address. */
export class ReplyAddress {
  readonly local: string;
  readonly domain: string;

  constructor(address: string) {
    const at = address.lastIndexOf('@');
    this.local = address.slice(0, at).toLowerCase();
    this.domain = address.slice(at + 1).toLowerCase();
  }

  get base(): string {
    return `${this.local}@${this.domain}`;
  }

  withToken(token: string): string {
    return `${this.local}+${token}@${this.domain}`;
  }

  /** Whether an address is the assistant's, with or without a token. */
  owns(address: string): boolean {
    const at = address.lastIndexOf('@');
    if (at < 0 || address.slice(at + 1).toLowerCase() !== this.domain) return false;
    const local = address.slice(0, at).toLowerCase();
    return local === this.local || local.startsWith(`${this.local}+`);
  }

  /** The tokens in addresses of the assistant's among `addresses` (well-formed or not). */
  tokensIn(addresses: readonly string[]): string[] {
    const tokens = new Set<string>();
    for (const address of addresses) {
      if (!this.owns(address)) continue;
      const local = address.slice(0, address.lastIndexOf('@')).toLowerCase();
      if (local.length > this.local.length) tokens.add(local.slice(this.local.length + 1));
    }
    return [...tokens];
  }
}
