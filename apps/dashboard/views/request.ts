import type { RequestView } from '../../../core/api.js';
import { dependencyGraph, type GraphGroup } from '../graph.js';
import { badge, requesterName, shortGroup, when } from '../format.js';
import { html, link, type Html } from '../html.js';
import { page, region, type LiveItem, type PageOptions } from '../layout.js';
import type { LiveView } from '../live.js';
import type { ViewContext } from './context.js';
import { questionCard } from './forms.js';
import { groupSection } from './timeline.js';
import { counted } from '../../../core/util/text.js';

/** The request's actions as the picture draws them: the groups' latest state, or the plan before any. */
export function graphGroups(view: RequestView): GraphGroup[] {
  const byGroup = new Map(view.groups.map((g) => [shortGroup(g.groupId), g]));
  return view.request.plan.groups.map((planned) => {
    const cp = byGroup.get(planned.id);
    const actions = cp
      ? cp.actions.map((r) => ({ id: r.action.id, text: r.action.text, dependsOn: r.action.dependsOn, optional: r.action.optional, status: r.status }))
      : planned.actions.map((a) => ({ id: a.id, text: a.text, dependsOn: a.dependsOn, optional: a.optional, status: 'pending' }));
    return { id: planned.id, label: `Group ${planned.id}${cp ? ` · ${cp.status}` : ''}`, actions };
  });
}

function head(ctx: ViewContext, v: RequestView): Html {
  const r = v.request;
  return html`<section class="request-head" data-key="head" aria-label="Request">
  <blockquote class="request-text">${r.text}</blockquote>
  <dl class="facts">
    <dt>Status</dt><dd data-request-status="${r.status}">${badge(r.status)}</dd>
    <dt>Channel</dt><dd>${r.requester.address.channel} <span class="muted">(conversation ${r.requester.address.conversationId})</span></dd>
    <dt>Requester</dt><dd>${requesterName(r.requester)}</dd>
    <dt>Received</dt><dd>${when(r.createdAt, ctx.timeZone)}</dd>
    <dt>Updated</dt><dd>${when(r.updatedAt, ctx.timeZone)}</dd>
    <dt>Planned by</dt><dd>${r.brain}</dd>
    <dt>Id</dt><dd><code>${r.id}</code></dd>
  </dl>
</section>`;
}

function report(ctx: ViewContext, v: RequestView): Html {
  const r = v.request;
  return html`<section class="report" data-key="report" aria-labelledby="h-report">
  <h2 id="h-report">Final report</h2>
  ${r.summary !== undefined ? html`<p class="summary" data-summary>${r.summary}</p>` : html`<p class="muted">Not finished yet: the report appears here when every group is over.</p>`}
  ${
    v.reports.length > 0
      ? html`<table class="list"><caption>Reports of the groups</caption>
  <thead><tr><th scope="col">Group</th><th scope="col">Status</th><th scope="col">Dispatch</th><th scope="col">Finished</th><th scope="col">Actions</th></tr></thead>
  <tbody>${[...v.reports].sort((x, y) => x.groupId.localeCompare(y.groupId, 'en', { numeric: true }) || x.dispatch - y.dispatch).map(
    (g) => html`<tr><td>${shortGroup(g.groupId)}</td><td>${badge(g.status)}</td><td>${g.dispatch + 1}</td><td>${when(g.finishedAt, ctx.timeZone)}</td>
    <td>${g.actions.map((a) => html`<div>${a.action.id} ${badge(a.status)} ${a.action.text}</div>`)}${g.error ? html`<div class="fail"><code>${g.error.code}</code> ${g.error.message}</div>` : ''}</td></tr>`,
  )}</tbody></table>`
      : ''
  }
</section>`;
}

function graph(v: RequestView): Html {
  return html`<section class="graph-section" data-key="graph" aria-labelledby="h-graph">
  <h2 id="h-graph">Dependency graph</h2>
  <div class="graph-box">${dependencyGraph(graphGroups(v), { title: `Dependency graph of request ${v.request.id}` })}</div>
  <p><a href="${link('requests', v.request.id, 'graph.svg')}">The picture on its own (SVG)</a></p>
</section>`;
}

function questions(ctx: ViewContext, v: RequestView, back: string): Html {
  const waiting = v.questions.filter((q) => q.status === 'open' || q.status === 'queued');
  return html`<section class="questions" data-key="questions" aria-labelledby="h-questions">
  <h2 id="h-questions">Waiting for a human</h2>
  ${waiting.length === 0 ? html`<p class="muted">No agent of this request waits for an answer.</p>` : waiting.map((q) => questionCard(ctx, q, back, v.request.text))}
</section>`;
}

function events(ctx: ViewContext, v: RequestView): Html {
  return html`<section data-key="events" aria-labelledby="h-events">
  <h2 id="h-events">Event log</h2>
  <details><summary>${counted(v.events.length, 'event')}</summary>
  <ol class="events">${v.events.map((e) => html`<li>${when(e.at, ctx.timeZone)} <code>${e.type}</code> <code class="args">${JSON.stringify(e.data)}</code></li>`)}</ol>
  </details>
</section>`;
}

export function requestItems(ctx: ViewContext, v: RequestView): LiveItem[] {
  const back = link('requests', v.request.id);
  return [
    { key: 'head', html: head(ctx, v) },
    { key: 'report', html: report(ctx, v) },
    { key: 'questions', html: questions(ctx, v, back) },
    { key: 'graph', html: graph(v) },
    ...v.groups.map((g) => ({ key: `group:${g.groupId}`, html: groupSection(ctx, g, back) })),
    { key: 'events', html: events(ctx, v) },
  ];
}

/** One request, redrawn whenever something happens to it. */
export function requestView(ctx: ViewContext, id: string): LiveView {
  return {
    region: 'request',
    concerns: (e) => e.requestId === id,
    async items() {
      const v = await ctx.api.request(id);
      return v ? requestItems(ctx, v) : [];
    },
  };
}

export function requestPage(ctx: ViewContext, options: Omit<PageOptions, 'title'>, v: RequestView, live: string): Html {
  return page({ ...options, title: `Request ${v.request.id}`, section: 'requests', live }, region('request', requestItems(ctx, v)));
}
