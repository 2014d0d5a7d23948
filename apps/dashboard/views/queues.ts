import { html, type Html } from '../html.js';
import { page, region, type LiveItem, type PageOptions } from '../layout.js';
import type { LiveView } from '../live.js';
import { BOARD_PATH } from '../queues.js';
import type { ViewContext } from './context.js';

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed'] as const;

async function items(ctx: ViewContext): Promise<LiveItem[]> {
  const { name, stats } = await ctx.api.dispatch();
  const out: LiveItem[] = [
    {
      key: 'dispatcher',
      html: html`<section data-key="dispatcher" aria-labelledby="h-dispatcher"><h2 id="h-dispatcher">Dispatcher: ${name}</h2>
  <dl class="facts stats"><dt>Running</dt><dd data-stat="running">${stats.running}</dd><dt>Queued</dt><dd data-stat="queued">${stats.queued}</dd>${stats.waiting !== undefined ? html`<dt>Waiting</dt><dd data-stat="waiting">${stats.waiting}</dd>` : ''}</dl></section>`,
    },
  ];
  if (!ctx.board) {
    out.push({
      key: 'embedded',
      html: html`<p data-key="embedded">Groups run in this process; their checkpoints in the store are the queue. In distributed mode (BullMQ on Redis) the queues of groups, reports and reminders are shown here, with a board to retry and clean their jobs.</p>`,
    });
    return out;
  }
  const counts = await ctx.board.counts();
  out.push({
    key: 'queues',
    html: html`<section data-key="queues" aria-labelledby="h-queues"><h2 id="h-queues">BullMQ queues</h2>
  <p><a href="${BOARD_PATH}">Open the queue board</a> to look at jobs, retry failed ones and clean finished ones.</p>
  ${
    counts.length === 0
      ? html`<p class="muted">The dispatcher has no queues open yet.</p>`
      : html`<table class="list"><caption>Jobs by state</caption><thead><tr><th scope="col">Queue</th>${STATES.map((s) => html`<th scope="col">${s}</th>`)}</tr></thead>
  <tbody>${counts.map((q) => html`<tr data-queue="${q.name}"><th scope="row">${q.name}</th>${STATES.map((s) => html`<td>${q.counts[s] ?? 0}</td>`)}</tr>`)}</tbody></table>`
  }</section>`,
  });
  return out;
}

/** The dispatcher's counts, and the BullMQ queues when there are any. */
export function queuesView(ctx: ViewContext): LiveView {
  return { region: 'queues', concerns: (e) => e.type !== 'delivery.failed' && e.type !== 'reminder.fired', items: () => items(ctx) };
}

export async function queuesPage(ctx: ViewContext, options: Omit<PageOptions, 'title'>, live: string): Promise<Html> {
  return page({ ...options, title: 'Queues', section: 'queues', live }, region('queues', await items(ctx)));
}
