import { html, type Html } from '../html.js';
import { page, region, type PageOptions } from '../layout.js';
import type { LiveView } from '../live.js';
import type { ViewContext } from './context.js';
import { questionCard } from './forms.js';

const BACK = '/dashboard/questions';

/** Every agent waiting for a human: the open questions, then those waiting their turn. */
export function questionsView(ctx: ViewContext): LiveView {
  return {
    region: 'questions',
    concerns: (e) => e.type !== 'agent' && e.type !== 'delivery.failed' && e.type !== 'reminder.fired',
    async items() {
      const questions = await ctx.api.questions({ status: ['open', 'queued'] });
      if (questions.length === 0) return [{ key: '__empty', html: html`<p data-key="__empty" class="muted">No agent is waiting for an answer.</p>` }];
      const texts = new Map<string, string>();
      for (const q of questions) {
        if (!texts.has(q.requestId)) texts.set(q.requestId, (await ctx.api.request(q.requestId))?.request.text ?? q.requestId);
      }
      const ordered = [...questions.filter((q) => q.status === 'open'), ...questions.filter((q) => q.status !== 'open')];
      return ordered.map((q) => ({ key: q.id, html: questionCard(ctx, q, BACK, texts.get(q.requestId)) }));
    },
  };
}

export async function questionsPage(ctx: ViewContext, options: Omit<PageOptions, 'title'>, live: string): Promise<Html> {
  return page(
    { ...options, title: 'Pending questions', section: 'questions', live },
    html`<p>Agents that stopped to ask a human, oldest first. An answer given here counts as the requester's: the agent resumes with it.</p>
${region('questions', await questionsView(ctx).items())}`,
  );
}
