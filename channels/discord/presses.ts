import { MessageFlags, type ButtonInteraction } from 'discord.js';
import type { ChannelContext } from '../../core/plugin/plugin.js';
import type { Logger } from '../../core/util/logger.js';
import type { DiscordAccess } from './access.js';
import { answeredButtons, parseButton } from './buttons.js';

export interface PressDeps {
  access: DiscordAccess;
  logger: Logger;
  /** Runs work in the order of its conversation's messages. */
  inOrder(conversationId: string, work: () => Promise<void>): void;
}

/**
 * A press of a question's button: acknowledged at once (Discord allows three seconds), then
 * handed to the gateway as the answer, in the conversation's order; the buttons are then
 * disabled with the chosen one marked. Only the person the question was asked of can
 * answer it; anyone else is told so privately.
 */
export async function handlePress(interaction: ButtonInteraction, ctx: ChannelContext, deps: PressDeps): Promise<void> {
  const parsed = parseButton(interaction.customId);
  if (!parsed) return;
  const privately = (content: string) => ({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } }) as const;
  if (!deps.access.permits(interaction.user.id, interaction.member)) {
    deps.logger.info({ userId: interaction.user.id }, 'ignored a button press from someone who may not command the assistant');
    await interaction.reply(privately('Sorry, you may not answer for the assistant.'));
    return;
  }
  const conversationId = interaction.channelId;
  const questions = await ctx.api.questions({ channel: 'discord', conversationId });
  const question = questions.find((q) => q.id === parsed.questionId);
  const choice = question?.choices?.[parsed.index];
  if (!question || choice === undefined) {
    await interaction.reply(privately('I no longer know that question.'));
    return;
  }
  if (question.address.userId !== interaction.user.id) {
    await interaction.reply(privately(`That question is for <@${question.address.userId}>.`));
    return;
  }
  if (question.status !== 'open') {
    await interaction.update({ components: answeredButtons(question.id, question.choices!, undefined) });
    await interaction.followUp(privately(`That question is ${question.status === 'answered' ? 'already answered' : question.status}.`));
    return;
  }
  await interaction.deferUpdate();
  deps.inOrder(conversationId, async () => {
    let outcome;
    try {
      outcome = await deps.access.vouching(interaction.user.id, () =>
        ctx.onMessage({
          channel: 'discord',
          conversationId,
          sender: { id: interaction.user.id, name: interaction.user.globalName ?? interaction.user.username },
          text: choice,
          receivedAt: interaction.createdAt,
          messageId: interaction.id,
          answersQuestion: question.id,
        }),
      );
    } catch (error) {
      deps.logger.error({ err: error, questionId: question.id }, 'could not take the answer of a button');
      await interaction.followUp(privately('Sorry, that did not work; press the button again.')).catch(() => undefined);
      return;
    }
    try {
      if (outcome.kind === 'answer') {
        await interaction.editReply({ components: answeredButtons(question.id, question.choices!, parsed.index) });
      } else if (outcome.kind === 'rejected' && outcome.code === 'MJ_ERR_CONFLICT') {
        await interaction.editReply({ components: answeredButtons(question.id, question.choices!, undefined) });
        await interaction.followUp(privately('That question is already answered.'));
      } else if (outcome.kind === 'rejected') {
        await interaction.followUp(privately(`Sorry, ${outcome.reason}.`));
      }
    } catch (error) {
      // The answer is taken; only the buttons could not be updated.
      deps.logger.warn({ err: error, questionId: question.id }, 'could not update the buttons of an answered question');
    }
  });
}
