import type { ScheduledRecord } from '../../../core/scheduler/scheduler.js';
import { describeRepeat } from '../../../services/calendar/every.js';
import { when } from '../format.js';
import { html, link, type Html } from '../html.js';
import { page, region, type PageOptions } from '../layout.js';
import type { LiveView } from '../live.js';
import type { ViewContext } from './context.js';
import { csrfField } from './forms.js';

const BACK = '/dashboard/scheduled';

function row(ctx: ViewContext, j: ScheduledRecord): Html {
  const label = `Cancel ${j.run ? 'the request for later' : 'the reminder'} "${j.text}" of ${j.deliverTo.userId}`;
  return html`<tr data-key="${j.id}" data-scheduled="${j.id}" data-kind="${j.kind}">
  <td><span class="badge">${j.run ? 'request' : 'reminder'}</span> ${j.text}${j.requestId ? html`<div class="muted"><a href="${link('requests', j.requestId)}">set by request ${j.requestId}</a></div>` : ''}</td>
  <td>${j.deliverTo.userId} <span class="muted">on ${j.deliverTo.channel}</span></td>
  <td>${when(j.at.toISOString(), ctx.timeZone)}</td>
  <td>${j.repeat ? html`<code>${j.repeat.cron}</code>${j.repeat.sun || j.repeat.interval || j.repeat.weekOfMonth !== undefined ? html` ${describeRepeat(j.repeat)}` : ''} <span class="muted">${j.repeat.timeZone}</span>` : html`<span class="muted">once</span>`}</td>
  <td>${j.firedAt ? when(j.firedAt.toISOString(), ctx.timeZone) : html`<span class="muted">—</span>`}</td>
  <td><form class="stop" method="post" action="${link('scheduled', j.id, 'cancel')}">
    ${csrfField(ctx)}<input type="hidden" name="back" value="${BACK}">
    <button type="submit" class="danger" aria-label="${label}">Cancel</button>
  </form></td>
</tr>`;
}

/** What is to come: reminders, reminders that repeat, requests for later, everyone's, soonest first. */
export function scheduledView(ctx: ViewContext): LiveView {
  return {
    region: 'scheduled',
    // A request that finished may have scheduled something; a firing moves a routine on or ends a reminder.
    concerns: (e) => e.type === 'request.finished' || e.type === 'reminder.fired',
    async items() {
      const jobs = await ctx.api.scheduled({ status: 'pending' });
      if (jobs.length === 0) return [{ key: '__empty', html: html`<tr data-key="__empty"><td colspan="6" class="muted">Nothing is scheduled.</td></tr>` }];
      return jobs.map((j) => ({ key: j.id, html: row(ctx, j) }));
    },
  };
}

export async function scheduledPage(ctx: ViewContext, options: Omit<PageOptions, 'title'>, live: string): Promise<Html> {
  return page(
    { ...options, title: 'Scheduled', section: 'scheduled', live },
    html`<p>Reminders and requests for later, of everyone. A request for later runs at its time as if its requester sent it then; Cancel ends it, a routine for good.</p>
<table class="list">
  <caption>To come</caption>
  <thead><tr><th scope="col">What</th><th scope="col">For</th><th scope="col">Next</th><th scope="col">Repeats</th><th scope="col">Last fired</th><th scope="col"><span class="visually-hidden">Cancel</span></th></tr></thead>
  ${region('scheduled', await scheduledView(ctx).items(), 'tbody')}
</table>`,
  );
}
