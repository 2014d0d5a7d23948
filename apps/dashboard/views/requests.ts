import type { GroupCheckpoint } from '../../../core/agent/checkpoint.js';
import type { RequestStatus } from '../../../core/events.js';
import type { RequestRecord } from '../../../core/store/store.js';
import { badge, requesterName, shortGroup, when } from '../format.js';
import { html, link, type Html } from '../html.js';
import { page, region, type LiveItem, type PageOptions } from '../layout.js';
import type { LiveView } from '../live.js';
import type { ViewContext } from './context.js';

export const REQUEST_STATUSES: readonly RequestStatus[] = ['running', 'waiting', 'done', 'failed', 'partial', 'cancelled'];
const LIMIT = 50;

function settled(g: GroupCheckpoint): number {
  return g.actions.filter((a) => a.status === 'done' || a.status === 'skipped' || a.status === 'failed' || a.status === 'cancelled').length;
}

export function groupsList(groups: readonly GroupCheckpoint[]): Html {
  return html`<ul class="groups">${groups.map(
    (g) => html`<li>${shortGroup(g.groupId)} ${badge(g.status)} <span class="muted">${settled(g)}/${g.actions.length}</span></li>`,
  )}</ul>`;
}

/** One row of a request list. */
export function requestRow(ctx: ViewContext, r: RequestRecord, groups: readonly GroupCheckpoint[]): Html {
  return html`<tr data-key="${r.id}" data-status="${r.status}">
  <td>${when(r.createdAt, ctx.timeZone)}</td>
  <td><a href="${link('requests', r.id)}">${r.text}</a>${r.summary ? html`<div class="muted summary">${r.summary}</div>` : ''}</td>
  <td>${r.requester.address.channel}</td>
  <td>${requesterName(r.requester)}</td>
  <td>${badge(r.status)}</td>
  <td>${groupsList(groups)}</td>
</tr>`;
}

function emptyRow(text: string): LiveItem {
  return { key: '__empty', html: html`<tr data-key="__empty"><td colspan="6" class="muted">${text}</td></tr>` };
}

/** The newest requests, kept current as they arrive and progress. */
export function requestsView(ctx: ViewContext, status: RequestStatus[] | undefined): LiveView {
  return {
    region: 'requests',
    concerns: (e) => e.requestId !== undefined,
    async items() {
      const requests = await ctx.api.requests({ ...(status ? { status } : {}), limit: LIMIT });
      if (requests.length === 0) return [emptyRow('No requests yet.')];
      return Promise.all(requests.map(async (r) => ({ key: r.id, html: requestRow(ctx, r, await ctx.api.groups({ requestId: r.id })) })));
    },
  };
}

export function requestsTable(id: string, items: LiveItem[] | Html, caption: string): Html {
  return html`<table class="list">
  <caption>${caption}</caption>
  <thead><tr><th scope="col">Received</th><th scope="col">Request</th><th scope="col">Channel</th><th scope="col">Requester</th><th scope="col">Status</th><th scope="col">Groups</th></tr></thead>
  ${Array.isArray(items) ? region(id, items, 'tbody') : items}
</table>`;
}

export function statusFilter(action: string, selected: readonly string[], extra: Html = html``): Html {
  return html`<form class="filters" method="get" action="${action}">
  ${extra}
  <label for="status">Status</label>
  <select id="status" name="status">
    <option value="">any</option>
    ${REQUEST_STATUSES.map((s) => html`<option value="${s}"${selected.includes(s) ? html` selected` : ''}>${s}</option>`)}
  </select>
  <button type="submit">Show</button>
</form>`;
}

export async function requestsPage(ctx: ViewContext, options: Omit<PageOptions, 'title'>, status: RequestStatus[] | undefined, live: string): Promise<Html> {
  const items = await requestsView(ctx, status).items();
  return page(
    { ...options, title: 'Requests', section: 'requests', live },
    html`<p>The ${LIMIT} newest requests${status ? html` that are ${status.join(' or ')}` : ''}. New ones appear here as they arrive, and their status changes as their agents work.</p>
${statusFilter('/dashboard/requests', status ?? [])}
${requestsTable('requests', items, 'Newest first')}`,
  );
}
