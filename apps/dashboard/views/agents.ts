import type { GroupCheckpoint } from '../../../core/agent/checkpoint.js';
import { badge, shortGroup, since, when } from '../format.js';
import { html, link, type Html } from '../html.js';
import { page, region, type PageOptions } from '../layout.js';
import type { LiveView } from '../live.js';
import type { ViewContext } from './context.js';
import { stopForm } from './forms.js';

const BACK = '/dashboard/agents';

function current(g: GroupCheckpoint): Html {
  const r = g.actions[g.position];
  if (!r) return html`<span class="muted">—</span>`;
  const attempt = r.attempts.at(-1);
  const target = r.action.decision.kind === 'call' ? r.action.decision.target : undefined;
  return html`<span data-current-action="${r.action.id}">${r.action.text}</span>
  <div class="muted">${r.action.id} ${badge(r.status)}${target ? html` <code>${target}</code>` : ''}${attempt ? html` attempt ${attempt.n}` : ''}</div>`;
}

function row(ctx: ViewContext, g: GroupCheckpoint, requestText: string): Html {
  const short = shortGroup(g.groupId);
  const done = g.actions.filter((a) => a.status === 'done').length;
  const activity = ctx.activity(g.groupId);
  return html`<tr data-key="${g.groupId}" data-group="${g.groupId}" data-status="${g.status}">
  <td><a href="${link('requests', g.requestId)}">${requestText}</a><div class="muted">group ${short}</div></td>
  <td>${badge(g.status)}</td>
  <td>${current(g)}</td>
  <td>${done}/${g.actions.length} done</td>
  <td>${activity ? html`${activity.text} <span class="muted">${when(activity.at, ctx.timeZone)}</span>` : html`<span class="muted">—</span>`}</td>
  <td>${since(g.updatedAt, ctx.now())}</td>
  <td>${stopForm(ctx, g.groupId, BACK, `Stop the agent of group ${short} of "${requestText}"`)}</td>
</tr>`;
}

/** Agents at work: running, queued to run, or waiting for a human. */
export function agentsView(ctx: ViewContext): LiveView {
  return {
    region: 'agents',
    concerns: (e) => e.groupId !== undefined || e.type === 'request.created' || e.type === 'request.finished',
    async items() {
      const groups = await ctx.api.groups({ status: ['running', 'queued', 'waiting'] });
      const order = { running: 0, waiting: 1, queued: 2 } as Record<string, number>;
      groups.sort((a, b) => (order[a.status] ?? 3) - (order[b.status] ?? 3) || (a.createdAt < b.createdAt ? -1 : 1));
      if (groups.length === 0) return [{ key: '__empty', html: html`<tr data-key="__empty"><td colspan="7" class="muted">No agent is at work.</td></tr>` }];
      const texts = new Map<string, string>();
      for (const g of groups) if (!texts.has(g.requestId)) texts.set(g.requestId, g.requestText);
      return groups.map((g) => ({ key: g.groupId, html: row(ctx, g, texts.get(g.requestId)!) }));
    },
  };
}

export async function agentsPage(ctx: ViewContext, options: Omit<PageOptions, 'title'>, live: string): Promise<Html> {
  const dispatch = await ctx.api.dispatch();
  return page(
    { ...options, title: 'Agents', section: 'agents', live },
    html`<p>One agent per group of actions. Stop ends an agent after its current action: the rest of its actions are cancelled and it reports. The ${dispatch.name} dispatcher has ${dispatch.stats.running} running and ${dispatch.stats.queued} queued.</p>
<table class="list">
  <caption>Agents at work</caption>
  <thead><tr><th scope="col">Request</th><th scope="col">Status</th><th scope="col">Current action</th><th scope="col">Progress</th><th scope="col">Latest activity</th><th scope="col">Since</th><th scope="col"><span class="visually-hidden">Stop</span></th></tr></thead>
  ${region('agents', await agentsView(ctx).items(), 'tbody')}
</table>`,
  );
}
