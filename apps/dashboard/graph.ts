import { html, type Html } from './html.js';
import { counted } from '../../core/util/text.js';

/** One action as the picture needs it. */
export interface GraphAction {
  id: string;
  text: string;
  dependsOn: readonly string[];
  optional: boolean;
  /** Where the action is: pending, running, done, failed… */
  status: string;
}

export interface GraphGroup {
  id: string;
  label: string;
  actions: readonly GraphAction[];
}

const NODE_W = 220;
const NODE_H = 52;
const COL_GAP = 56;
const ROW_GAP = 14;
const BAND_PAD = 12;
const LABEL_H = 22;
const MARGIN = 8;
const CHARS_PER_LINE = 30;

/** Fill and stroke per status: presentation attributes, so the picture reads the same on its own. */
const COLOURS: Record<string, { fill: string; stroke: string }> = {
  done: { fill: '#e3f4e6', stroke: '#2e7d32' },
  running: { fill: '#e3eefc', stroke: '#1d5fbf' },
  waiting: { fill: '#fff4d6', stroke: '#9a6700' },
  failed: { fill: '#fde7e7', stroke: '#b3261e' },
  skipped: { fill: '#f0f0f0', stroke: '#6b6b6b' },
  cancelled: { fill: '#f0f0f0', stroke: '#6b6b6b' },
  pending: { fill: '#ffffff', stroke: '#5f6b7a' },
};

interface Placed {
  action: GraphAction;
  x: number;
  y: number;
}

/** Column of each action: one past the deepest action it waits for (within its group). */
function depths(actions: readonly GraphAction[]): Map<string, number> {
  const byId = new Map(actions.map((a) => [a.id, a]));
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const of = (a: GraphAction): number => {
    const known = depth.get(a.id);
    if (known !== undefined) return known;
    // A cycle cannot come from the planner; drawing it flat is better than recursing forever.
    if (visiting.has(a.id)) return 0;
    visiting.add(a.id);
    const deps = a.dependsOn.map((d) => byId.get(d)).filter((d): d is GraphAction => d !== undefined);
    const d = deps.length === 0 ? 0 : 1 + Math.max(...deps.map(of));
    visiting.delete(a.id);
    depth.set(a.id, d);
    return d;
  };
  for (const a of actions) of(a);
  return depth;
}

function lines(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && (line + ' ' + word).length > CHARS_PER_LINE) {
      out.push(line);
      line = word;
      if (out.length === 2) break;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (out.length < 2 && line) out.push(line);
  const shown = out.join(' ');
  if (shown.length < words.join(' ').length) out[out.length - 1] = `${out[out.length - 1]!.slice(0, CHARS_PER_LINE - 1)}…`;
  return out.map((l) => (l.length > CHARS_PER_LINE ? `${l.slice(0, CHARS_PER_LINE - 1)}…` : l));
}

/**
 * The dependency graph of a request as an SVG picture: one band per group, actions in
 * columns by how many others they wait for, an arrow from each action to each that
 * depends on it. Every text is escaped; no script, no style sheet, no outside resource.
 */
export function dependencyGraph(groups: readonly GraphGroup[], options: { title?: string } = {}): Html {
  const placed = new Map<string, Placed>();
  const bands: Array<{ group: GraphGroup; y: number; height: number }> = [];
  let y = MARGIN;
  let width = 0;
  for (const group of groups) {
    const depth = depths(group.actions);
    const columns = new Map<number, GraphAction[]>();
    for (const a of group.actions) {
      const d = depth.get(a.id) ?? 0;
      columns.set(d, [...(columns.get(d) ?? []), a]);
    }
    const rows = Math.max(1, ...[...columns.values()].map((c) => c.length));
    const top = y + LABEL_H + BAND_PAD;
    for (const [col, actions] of columns) {
      actions.forEach((action, row) => {
        placed.set(`${group.id}/${action.id}`, { action, x: MARGIN + BAND_PAD + col * (NODE_W + COL_GAP), y: top + row * (NODE_H + ROW_GAP) });
      });
    }
    const cols = Math.max(1, columns.size === 0 ? 1 : Math.max(...columns.keys()) + 1);
    width = Math.max(width, BAND_PAD * 2 + cols * NODE_W + (cols - 1) * COL_GAP);
    const height = LABEL_H + BAND_PAD * 2 + rows * NODE_H + (rows - 1) * ROW_GAP;
    bands.push({ group, y, height });
    y += height + MARGIN;
  }
  const totalW = width + MARGIN * 2;
  const totalH = Math.max(y, MARGIN * 2 + NODE_H);

  const edges: Html[] = [];
  let edgeCount = 0;
  for (const group of groups) {
    for (const action of group.actions) {
      const to = placed.get(`${group.id}/${action.id}`)!;
      for (const dep of action.dependsOn) {
        const from = placed.get(`${group.id}/${dep}`);
        if (!from) continue;
        edgeCount++;
        const x1 = from.x + NODE_W;
        const y1 = from.y + NODE_H / 2;
        const x2 = to.x - 2;
        const y2 = to.y + NODE_H / 2;
        const bend = Math.max(20, (x2 - x1) / 2);
        edges.push(
          html`<path class="edge" data-from="${dep}" data-to="${action.id}" d="M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}" fill="none" stroke="#5f6b7a" stroke-width="1.5" marker-end="url(#arrow)"/>`,
        );
      }
    }
  }

  const total = groups.reduce((n, g) => n + g.actions.length, 0);
  const description = `${counted(total, 'action')} in ${counted(groups.length, 'group')}, ${counted(edgeCount, 'dependency', 'dependencies')}. ${groups
    .flatMap((g) => g.actions.map((a) => `${a.id} (${a.status})${a.dependsOn.length ? ` after ${a.dependsOn.join(', ')}` : ''}: ${a.text}`))
    .join('; ')}`;

  return html`<svg xmlns="http://www.w3.org/2000/svg" class="graph" role="img" aria-labelledby="graph-title graph-desc" width="${totalW}" height="${totalH}" viewBox="0 0 ${totalW} ${totalH}" font-family="system-ui, sans-serif" font-size="13">
<title id="graph-title">${options.title ?? 'Dependency graph'}</title>
<desc id="graph-desc">${description}</desc>
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#5f6b7a"/></marker></defs>
${bands.map(
  (b) =>
    html`<g class="group" data-group="${b.group.id}"><rect x="${MARGIN}" y="${b.y}" width="${width}" height="${b.height}" rx="8" fill="#f7f9fb" stroke="#c9d1db" stroke-dasharray="4 3"/><text x="${MARGIN + BAND_PAD}" y="${b.y + 17}" font-weight="600" fill="#33404d">${b.group.label}</text></g>`,
)}
${edges}
${[...placed.values()].map(({ action, x, y: top }) => {
  const colour = COLOURS[action.status] ?? COLOURS['pending']!;
  const text = lines(action.text);
  return html`<g class="node" data-action="${action.id}" data-status="${action.status}"><title>${action.id}: ${action.text} (${action.status}${action.optional ? ', optional' : ''})</title><rect x="${x}" y="${top}" width="${NODE_W}" height="${NODE_H}" rx="6" fill="${colour.fill}" stroke="${colour.stroke}" stroke-width="${action.status === 'running' ? 3 : 1.5}"${action.optional ? html` stroke-dasharray="5 3"` : ''}/><text x="${x + 8}" y="${top + 15}" font-size="11" fill="${colour.stroke}" font-weight="600">${action.id} · ${action.status}${action.optional ? ' · optional' : ''}</text>${text.map(
    (line, i) => html`<text x="${x + 8}" y="${top + 31 + i * 15}" fill="#1f2933">${line}</text>`,
  )}</g>`;
})}
</svg>`;
}
