import { describe, expect, it } from 'vitest';
import { retryAfterMs, scrubSecrets } from './model-client.js';
import { jsonText } from './structured.js';

describe('model client helpers', () => {
  it('reads how long a server asks to wait', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sat, 21 Nov 2026 10:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  it('keeps keys out of text that may be shown', () => {
    expect(scrubSecrets('bad key abc123XYZ!', 'abc123XYZ')).toBe('bad key [redacted]!');
    expect(scrubSecrets('Incorrect API key provided: sk-proj-********abcd.', undefined)).toBe('Incorrect API key provided: [redacted].');
    expect(scrubSecrets('nothing secret here', 'k')).toBe('nothing secret here');
  });

  it('finds the JSON in an answer', () => {
    expect(jsonText('  {"a": 1} ')).toBe('{"a": 1}');
    expect(jsonText('Here you go:\n```json\n{"a": {"b": 2}}\n```')).toBe('{"a": {"b": 2}}');
    expect(jsonText('no json')).toBe('no json');
  });
});
