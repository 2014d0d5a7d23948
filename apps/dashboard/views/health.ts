import type { ComponentHealth } from '../../../core/api.js';
import { badge, when } from '../format.js';
import { html, type Html } from '../html.js';
import { page, region, type PageOptions } from '../layout.js';
import type { LiveView } from '../live.js';
import type { ViewContext } from './context.js';

function row(ctx: ViewContext, c: ComponentHealth): Html {
  return html`<tr data-key="${c.kind}:${c.name}" data-component="${c.name}" data-state="${c.state}">
  <th scope="row">${c.name}</th>
  <td>${c.kind}</td>
  <td>${badge(c.state)}</td>
  <td>${c.detail ?? ''}</td>
  <td>${c.lastError ? html`<span class="fail">${c.lastError.code ? html`<code>${c.lastError.code}</code> ` : ''}${c.lastError.message}</span> <div class="muted">${when(c.lastError.at, ctx.timeZone)}</div>` : html`<span class="muted">none</span>`}</td>
</tr>`;
}

/** Every channel and service, the dispatcher and the store; redrawn as errors come in. */
export function healthView(ctx: ViewContext): LiveView {
  return {
    region: 'health',
    concerns: (e) => e.type === 'agent' || e.type === 'delivery.failed' || e.type === 'group.status' || e.type === 'request.created',
    async items() {
      return (await ctx.api.health()).map((c) => ({ key: `${c.kind}:${c.name}`, html: row(ctx, c) }));
    },
  };
}

export async function healthPage(ctx: ViewContext, options: Omit<PageOptions, 'title'>, live: string): Promise<Html> {
  return page(
    { ...options, title: 'Health', section: 'health', live },
    html`<p><strong>up</strong>: connected and working; <strong>down</strong>: configured but not connected; <strong>off</strong>: not configured on this assistant. The last error is the latest failure that was not the request's fault: a service that was down, slow or broke, or a message a channel could not deliver.</p>
<table class="list">
  <caption>Channels, services and the core</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">State</th><th scope="col">Detail</th><th scope="col">Last error</th></tr></thead>
  ${region('health', await healthView(ctx).items(), 'tbody')}
</table>`,
  );
}
