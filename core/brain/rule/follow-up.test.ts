import { describe, expect, it } from 'vitest';
import { conformanceCatalog } from '../conformance.js';
import { indexCatalog } from './catalog-index.js';
import { followUpText } from './follow-up.js';

const index = indexCatalog(conformanceCatalog());
const time = { now: new Date('2026-11-21T10:00:00Z'), timeZone: 'UTC' };
const kitchenOff = { text: 'turn off the kitchen light', actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: false } }] };

describe('a follow-up of the request before', () => {
  it('is that request with the one thing it named named anew', () => {
    expect(followUpText('same for the garage', kitchenOff, index, time)).toBe('turn off the garage light');
    expect(followUpText('and do the same thing in the living room please', kitchenOff, index, time)).toBe('turn off the living room light');
    expect(followUpText('Same for the porch too.', kitchenOff, index, time)).toBe('turn off the porch light');
  });

  it('is that request of another thing of the same kind said alone ("and the garage too")', () => {
    expect(followUpText('and the garage too', kitchenOff, index, time)).toBe('turn off the garage light');
    expect(followUpText('the porch as well', kitchenOff, index, time)).toBe('turn off the porch light');
    expect(followUpText('also the hallway', kitchenOff, index, time)).toBe('turn off the hallway light');
    expect(followUpText('the porch light too', kitchenOff, index, time)).toBe('turn off the porch light');
    // Not a thing of that kind: a request of its own.
    expect(followUpText('and turn on the porch light', kitchenOff, index, time)).toBeUndefined();
    expect(followUpText('and bob too', kitchenOff, index, time)).toBeUndefined();
  });

  it('is that request of the new thing in place of its "it", when an "it" stood for the thing', () => {
    const backOn = { text: 'turn it back on', actions: [{ target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: true } }] };
    expect(followUpText('same for the garage', backOn, index, time)).toBe('turn the garage back on');
    expect(followUpText('and the porch too', backOn, index, time)).toBe('turn the porch back on');
  });

  it('is that request again, with what is said after "again"', () => {
    expect(followUpText('do that again', kitchenOff, index, time)).toBe('turn off the kitchen light');
    expect(followUpText('do it again tomorrow at 7', kitchenOff, index, time)).toBe('turn off the kitchen light tomorrow at 7');
    expect(followUpText('again', kitchenOff, index, time)).toBe('turn off the kitchen light');
  });

  it('is nothing when the text is a request of its own, or the request before named several things', () => {
    expect(followUpText('turn on the garage light', kitchenOff, index, time)).toBeUndefined();
    expect(followUpText('remind me again tomorrow', kitchenOff, index, time)).toBeUndefined();
    const two = {
      text: 'turn off the kitchen light and the garage light',
      actions: [
        { target: 'lights.toggle_lights_in_location', args: { location: 'kitchen', desired_state: false } },
        { target: 'lights.toggle_lights_in_location', args: { location: 'garage', desired_state: false } },
      ],
    };
    expect(followUpText('same for the porch', two, index, time)).toBeUndefined();
  });
});
