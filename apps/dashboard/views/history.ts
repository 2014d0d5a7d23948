import type { RequestStatus } from '../../../core/events.js';
import { href, html, type Html } from '../html.js';
import { page, type PageOptions } from '../layout.js';
import type { ViewContext } from './context.js';
import { requestRow, requestsTable, statusFilter } from './requests.js';

export const HISTORY_PAGE_SIZE = 25;

export interface HistoryQuery {
  search?: string;
  status?: RequestStatus[];
  offset: number;
}

/** Every request ever made, searchable by the words of the request and of its report. */
export async function historyPage(ctx: ViewContext, options: Omit<PageOptions, 'title'>, query: HistoryQuery): Promise<Html> {
  // One more than a page, to know whether there is a next one.
  const found = await ctx.api.requests({
    ...(query.search ? { search: query.search } : {}),
    ...(query.status ? { status: query.status } : {}),
    limit: HISTORY_PAGE_SIZE + 1,
    offset: query.offset,
  });
  const shown = found.slice(0, HISTORY_PAGE_SIZE);
  const rows = await Promise.all(shown.map(async (r) => requestRow(ctx, r, await ctx.api.groups({ requestId: r.id }))));
  const params = { q: query.search, status: query.status?.join(',') };
  const previous = query.offset > 0 ? href('/dashboard/history', { ...params, offset: Math.max(0, query.offset - HISTORY_PAGE_SIZE) || undefined }) : undefined;
  const next = found.length > HISTORY_PAGE_SIZE ? href('/dashboard/history', { ...params, offset: query.offset + HISTORY_PAGE_SIZE }) : undefined;
  const searchField = html`<label for="q">Words</label>
  <input id="q" name="q" type="search" value="${query.search ?? ''}" maxlength="200" placeholder="kitchen light">`;
  const caption = shown.length === 0 ? 'Nothing found' : `${query.offset + 1}–${query.offset + shown.length}, newest first`;
  return page(
    { ...options, title: 'Reports & history', section: 'history' },
    html`<p>Search the requests and their final reports: every word must appear in the request or in what the requester was told. Open a request for its groups' full reports.</p>
${statusFilter('/dashboard/history', query.status ?? [], searchField)}
${requestsTable('history', shown.length === 0 ? html`<tbody><tr><td colspan="6" class="muted">No request matches.</td></tr></tbody>` : html`<tbody>${rows}</tbody>`, caption)}
<nav class="pages" aria-label="Pages">${previous ? html`<a href="${previous}" rel="prev">Newer</a>` : ''} ${next ? html`<a href="${next}" rel="next">Older</a>` : ''}</nav>`,
  );
}
