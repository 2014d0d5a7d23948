import { describe, expect, it } from 'vitest';
import { bareAddress, isToken, newToken, ReplyAddress } from './addresses.js';
import { addressesIn, headerSection, messageIds, normalizeMessageId, parseHeaders } from './headers.js';

describe('reply addresses and tokens', () => {
  const address = new ReplyAddress('Majordomo@Example.org');

  it('makes unguessable, lower-case tokens', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newToken()));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(isToken(t)).toBe(true);
    expect(isToken('ABCDEFGHIJKLMNOP')).toBe(false);
    expect(isToken('abc')).toBe(false);
  });

  it('builds a plus address and finds its token again, in any case', () => {
    const token = newToken();
    const plus = address.withToken(token);
    expect(plus).toBe(`majordomo+${token}@example.org`);
    expect(address.tokensIn(['owner@example.org', plus.toUpperCase()])).toEqual([token]);
    expect(address.tokensIn(['majordomo@example.org'])).toEqual([]);
    expect(address.tokensIn([`majordomo+${token}@other.example`])).toEqual([]);
    expect(address.tokensIn([`majordomox+${token}@example.org`])).toEqual([]);
  });

  it('knows its own addresses', () => {
    expect(address.owns('majordomo@example.org')).toBe(true);
    expect(address.owns('MAJORDOMO+anything@example.org')).toBe(true);
    expect(address.owns('majordomo2@example.org')).toBe(false);
    expect(address.owns('majordomo@example.net')).toBe(false);
  });

  it('reads bare addresses', () => {
    expect(bareAddress('Majordomo <Majordomo@Example.org>')).toBe('majordomo@example.org');
    expect(bareAddress('sam@example.com')).toBe('sam@example.com');
    expect(bareAddress('nobody')).toBeUndefined();
  });
});

describe('headers', () => {
  it('reads the header section only, with folding and odd line ends', () => {
    const raw = Buffer.from('From: a@b\r\nReferences: <1@x>\r\n <2@y>\n\tX-Not: a header\r\nSubject: s\r\n\r\nX-Body: not a header\r\n');
    const bag = parseHeaders(headerSection(raw));
    expect(bag.get('references')).toEqual(['<1@x> <2@y> X-Not: a header']);
    expect(bag.has('x-body')).toBe(false);
    expect(messageIds(bag.get('references')![0])).toEqual(['<1@x>', '<2@y>']);
  });

  it('normalizes Message-IDs and finds addresses', () => {
    expect(normalizeMessageId(' abc@x ')).toBe('<abc@x>');
    expect(normalizeMessageId('<abc@x>')).toBe('<abc@x>');
    expect(addressesIn('"Sam, Jr." <Sam@Example.com>, majordomo+tok@example.org')).toEqual(['sam@example.com', 'majordomo+tok@example.org']);
  });

  it('copes with a mail that is all header, or no header', () => {
    expect(parseHeaders(headerSection(Buffer.from('From: a@b'))).get('from')).toEqual(['a@b']);
    expect(parseHeaders(headerSection(Buffer.from([0, 1, 2, 255]))).size).toBe(0);
  });
});
