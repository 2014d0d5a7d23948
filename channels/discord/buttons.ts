import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponentWithCustomId } from 'discord.js';

/**
 * The buttons under a question: one per quick answer, Approve and Reject for a yes/no
 * question. A button's custom id names the question and the answer, so a press is
 * understood by any process, also after a restart.
 */

const PREFIX = 'mj:q:';
/** Discord's limits: a custom id of 100 characters, 5 buttons a row, 5 rows, 80-character labels. */
const MAX_ID = 100;
const PER_ROW = 5;
const MAX_BUTTONS = 25;

export type ButtonRow = APIActionRowComponent<APIButtonComponentWithCustomId>;

function customId(questionId: string, index: number): string {
  return `${PREFIX}${questionId}:${index}`;
}

/** The question and choice a button stands for; undefined for buttons that are not ours. */
export function parseButton(id: string): { questionId: string; index: number } | undefined {
  const match = /^mj:q:(.+):(\d{1,2})$/.exec(id);
  return match ? { questionId: match[1]!, index: Number(match[2]) } : undefined;
}

type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

function look(choice: string): { label: string; style: Style } {
  switch (choice.toLowerCase()) {
    case 'yes':
      return { label: 'Approve', style: ButtonStyle.Success };
    case 'no':
      return { label: 'Reject', style: ButtonStyle.Danger };
    case 'stop':
      return { label: 'Stop', style: ButtonStyle.Danger };
    case 'try again':
      return { label: 'Try again', style: ButtonStyle.Primary };
    default:
      return { label: (choice[0]!.toUpperCase() + choice.slice(1)).slice(0, 80), style: ButtonStyle.Secondary };
  }
}

function rows(buttons: APIButtonComponentWithCustomId[]): ButtonRow[] {
  const out: ButtonRow[] = [];
  for (let i = 0; i < buttons.length; i += PER_ROW) out.push({ type: ComponentType.ActionRow, components: buttons.slice(i, i + PER_ROW) });
  return out;
}

/** Buttons for a question's choices; none when it has none, or when they would not fit Discord's limits. */
export function questionButtons(questionId: string, choices: readonly string[] | undefined): ButtonRow[] {
  if (!choices || choices.length === 0 || choices.length > MAX_BUTTONS) return [];
  if (customId(questionId, choices.length - 1).length > MAX_ID) return [];
  return rows(choices.map((choice, i) => ({ type: ComponentType.Button, custom_id: customId(questionId, i), ...look(choice) })));
}

/** The same buttons once answered: all disabled, the chosen one marked and the others grey. */
export function answeredButtons(questionId: string, choices: readonly string[], chosen: number | undefined): ButtonRow[] {
  return rows(
    choices.map((choice, i) => {
      const { label, style } = look(choice);
      return {
        type: ComponentType.Button,
        custom_id: customId(questionId, i),
        label: i === chosen ? `✓ ${label}`.slice(0, 80) : label,
        style: i === chosen ? style : ButtonStyle.Secondary,
        disabled: true,
      };
    }),
  );
}
