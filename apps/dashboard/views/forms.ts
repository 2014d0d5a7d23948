import type { QuestionRecord } from '../../../core/store/store.js';
import { badge, since, when } from '../format.js';
import { html, link, type Html } from '../html.js';
import type { ViewContext } from './context.js';

/** The session's CSRF token, for a form that changes something. */
export function csrfField(ctx: ViewContext): Html {
  return ctx.csrf ? html`<input type="hidden" name="_csrf" value="${ctx.csrf}">` : html``;
}

/** A waiting question with a form to answer it; `back` is where the form returns to. */
export function questionCard(ctx: ViewContext, q: QuestionRecord, back: string, requestText?: string): Html {
  const id = `answer-${q.id}`;
  const waitedFrom = q.askedAt ?? q.createdAt;
  return html`<article class="question" data-key="${q.id}" data-question="${q.id}" aria-labelledby="${id}-title">
  <h3 id="${id}-title">${q.text}</h3>
  <dl class="facts">
    <dt>Status</dt><dd>${badge(q.status)} <span class="muted">(${q.reason})</span></dd>
    <dt>Waiting for</dt><dd>${since(waitedFrom, ctx.now())} <span class="muted">since ${when(waitedFrom, ctx.timeZone)}</span></dd>
    <dt>Request</dt><dd><a href="${link('requests', q.requestId)}">${requestText ?? q.requestId}</a></dd>
    <dt>Asked of</dt><dd>${q.address.userId} on ${q.address.channel}</dd>
    <dt>Action</dt><dd>${q.actionId} of group ${q.groupId}</dd>
  </dl>
  ${
    q.status === 'open'
      ? html`<form class="answer" method="post" action="${link('questions', q.id, 'answer')}">
    ${csrfField(ctx)}<input type="hidden" name="back" value="${back}">
    <label for="${id}">Your answer</label>
    <input id="${id}" name="answer" type="text" maxlength="4000" autocomplete="off" required>
    <button type="submit">Answer</button>
    ${(q.choices ?? []).map((c) => html` <button type="submit" name="choice" value="${c}" formnovalidate class="secondary">${c}</button>`)}
  </form>`
      : html`<p class="muted">It waits its turn: another question is open in the same conversation.</p>`
  }
</article>`;
}

/** The button that stops a group's agent. */
export function stopForm(ctx: ViewContext, groupId: string, back: string, label: string): Html {
  return html`<form class="stop" method="post" action="${link('agents', groupId, 'stop')}">
  ${csrfField(ctx)}<input type="hidden" name="back" value="${back}">
  <button type="submit" class="danger" aria-label="${label}">Stop</button>
</form>`;
}
