import type { Decision, Requester } from '../../core/types.js';
import { html, type Html } from './html.js';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Building a format is far slower than using one: one per time zone, kept. */
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(timeZone, format);
  }
  return format;
}

/** A time as the admin reads it, in the assistant's time zone; the exact instant is in `datetime`. */
export function when(iso: string | undefined, timeZone: string): Html {
  if (!iso) return html``;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return html`${iso}`;
  const text = formatFor(timeZone).format(date);
  return html`<time datetime="${date.toISOString()}">${text}</time>`;
}

/**
 * How long ago, to the minute; the page's script keeps it current without asking the
 * server. Coarse on purpose: a redraw finds the same markup and leaves the item alone.
 */
export function since(iso: string | undefined, now: Date): Html {
  if (!iso) return html``;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return html``;
  const ms = now.getTime() - date.getTime();
  return html`<time datetime="${date.toISOString()}" data-since>${ms < 60_000 ? 'under a minute' : duration(ms)}</time>`;
}

/** `42 s`, `5 min`, `3 h 10 min`, `2 d 4 h`. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** A status in words, with a colour class; the word is always there, colour only helps. */
export function badge(status: string): Html {
  return html`<span class="badge badge-${status.replace(/[^a-z-]/g, '')}">${status}</span>`;
}

export function requesterName(requester: Requester): string {
  return requester.name ? `${requester.name} (${requester.address.userId})` : requester.address.userId;
}

/** Arguments as compact JSON, for reading rather than parsing. */
export function args(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

export function decision(d: Decision): Html {
  switch (d.kind) {
    case 'call':
      return html`<code>${d.target}</code> <code class="args">${args(d.args)}</code> <span class="muted">confidence ${Math.round(d.confidence * 100)}%</span>${d.reason ? html` — ${d.reason}` : ''}`;
    case 'none':
      return html`<strong>nothing fits</strong>: ${d.reason}`;
    case 'terminate':
      return html`<strong>terminate</strong>: ${d.reason}`;
  }
}

/** The short form of a group id (`r-….g1` → `g1`). */
export function shortGroup(groupId: string): string {
  const dot = groupId.lastIndexOf('.');
  return dot >= 0 ? groupId.slice(dot + 1) : groupId;
}
