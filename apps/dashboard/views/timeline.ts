import type { ActionRecord, Attempt, GroupCheckpoint } from '../../../core/agent/checkpoint.js';
import { FINISHED_GROUP_STATUSES } from '../../../core/agent/checkpoint.js';
import { args, badge, decision, duration, shortGroup, when } from '../format.js';
import { html, type Html } from '../html.js';
import type { ViewContext } from './context.js';
import { stopForm } from './forms.js';
import { counted } from '../../../core/util/text.js';
import { waitsFor } from '../../../core/brain/plan.js';

type Step = { at: string; order: number; html: Html };

function attemptStep(ctx: ViewContext, a: Attempt): Html {
  const took = a.endedAt ? ` (${duration(Date.parse(a.endedAt) - Date.parse(a.startedAt)).replace(/^0 s$/, 'under 1 s')})` : '';
  const result = !a.result
    ? html`<span class="muted">no result yet</span>`
    : a.result.ok
      ? html`<span class="ok">✓ ${a.result.summary}</span>`
      : html`<span class="fail">✗ <code>${a.result.error.code}</code> ${a.result.error.message}</span>${a.result.error.hint ? html` <span class="muted">(${a.result.error.hint})</span>` : ''}${a.result.retryable ? html` <span class="muted">retryable</span>` : ''}`;
  return html`<span class="kind">Attempt ${a.n}</span> ${when(a.startedAt, ctx.timeZone)}${took}: <code>${a.target}</code> <code class="args">${args(a.args)}</code>
  <div class="result">Result: ${result}</div>
  ${a.evaluation ? html`<div class="evaluation">Judged ${a.evaluation.ok ? 'done' : 'not done'}${a.evaluation.reason ? html`: ${a.evaluation.reason}` : ''}</div>` : ''}`;
}

/** Everything that happened to an action, in the order it happened. */
function steps(ctx: ViewContext, r: ActionRecord): Step[] {
  const out: Step[] = [];
  r.decisions.forEach((d, i) => out.push({ at: d.at, order: 0, html: html`<span class="kind">${i === 0 ? 'Decision' : 'Decision changed'}</span> ${when(d.at, ctx.timeZone)} by ${d.by}: ${decision(d.decision)}` }));
  for (const a of r.attempts) out.push({ at: a.startedAt, order: 1, html: attemptStep(ctx, a) });
  for (const f of r.feedback) {
    out.push({
      at: f.askedAt,
      order: 2,
      html: html`<span class="kind">Asked</span> ${when(f.askedAt, ctx.timeZone)} <span class="muted">(${f.reason})</span>: ${f.question}
      ${
        f.answer !== undefined
          ? html`<div class="answer-given">Answer ${when(f.answeredAt, ctx.timeZone)}: “${f.answer}”${f.outcome ? html` → ${f.outcome}` : ''}</div>`
          : html`<div class="muted">No answer yet.</div>`
      }`,
    });
  }
  return out.sort((a, b) => (a.at === b.at ? a.order - b.order : a.at < b.at ? -1 : 1));
}

function actionItem(ctx: ViewContext, r: ActionRecord, current: boolean): Html {
  const a = r.action;
  return html`<li class="action" data-action="${a.id}" data-status="${r.status}"${current ? html` aria-current="step"` : ''}>
  <h3><span class="muted">${a.id}</span> ${a.text} ${badge(r.status)}${a.optional ? html` <span class="tag">optional</span>` : ''}${a.dependsOn.length ? html` <span class="muted">${waitsFor(a)}</span>` : ''}</h3>
  <ol class="steps">${steps(ctx, r).map((s) => html`<li>${s.html}</li>`)}</ol>
  ${r.note ? html`<p class="note">${r.note}</p>` : ''}
  ${r.learned ? html`<p class="note" data-learned>Learned before: ${r.learned}</p>` : ''}
  ${r.lessons?.length ? html`<p class="muted">Lessons recalled: ${r.lessons.map((l) => `${l.target} ${l.outcome} for "${l.action}" (${l.relevance.toFixed(2)})`).join('; ')}</p>` : ''}
</li>`;
}

/** A group as a timeline of its actions, with a stop button while its agent is at work. */
export function groupSection(ctx: ViewContext, g: GroupCheckpoint, back: string): Html {
  const short = shortGroup(g.groupId);
  const finished = FINISHED_GROUP_STATUSES.includes(g.status);
  return html`<section class="group" data-key="group:${g.groupId}" data-group="${g.groupId}" aria-labelledby="h-${g.groupId}">
  <h2 id="h-${g.groupId}">Group ${short} ${badge(g.status)}</h2>
  <p class="muted">${counted(g.actions.length, 'action')}; dispatch ${g.dispatch + 1}; updated ${when(g.updatedAt, ctx.timeZone)}${g.instructions ? html`; instructions: ${g.instructions}` : ''}</p>
  ${finished ? '' : stopForm(ctx, g.groupId, back, `Stop the agent of group ${short}`)}
  <ol class="timeline">${g.actions.map((r, i) => actionItem(ctx, r, !finished && i === g.position))}</ol>
</section>`;
}
