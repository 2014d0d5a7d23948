import { describe, expect, it } from 'vitest';
import { dependencyGraph, type GraphGroup } from './graph.js';

const groups: GraphGroup[] = [
  {
    id: 'g1',
    label: 'Group g1',
    actions: [
      { id: 'a1', text: 'turn off the lights in the garage', dependsOn: [], optional: false, status: 'done' },
      { id: 'a2', text: 'send me an email when that is over', dependsOn: ['a1'], optional: false, status: 'running' },
      { id: 'a4', text: 'and a text message too', dependsOn: ['a1'], optional: true, status: 'pending' },
    ],
  },
  { id: 'g2', label: 'Group g2', actions: [{ id: 'a3', text: 'remind me to take out the trash in the morning', dependsOn: [], optional: false, status: 'waiting' }] },
];

function nodes(svg: string): Map<string, { x: number; y: number }> {
  const out = new Map<string, { x: number; y: number }>();
  for (const m of svg.matchAll(/<g class="node" data-action="([^"]+)"[^>]*><title>[^<]*<\/title><rect x="(\d+)" y="(\d+)"/g)) out.set(m[1]!, { x: Number(m[2]), y: Number(m[3]) });
  return out;
}

describe('the dependency graph picture', () => {
  it('draws a node per action, an arrow per dependency, and a band per group', () => {
    const svg = dependencyGraph(groups).value;
    expect(nodes(svg).size).toBe(4);
    const edges = [...svg.matchAll(/<path class="edge" data-from="([^"]+)" data-to="([^"]+)"/g)].map((m) => `${m[1]}->${m[2]}`);
    expect(edges.sort()).toEqual(['a1->a2', 'a1->a4']);
    expect(svg.match(/<g class="group"/g)).toHaveLength(2);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('4 actions in 2 groups, 2 dependencies');
  });

  it('puts an action right of what it waits for, and independent groups one under the other', () => {
    const at = nodes(dependencyGraph(groups).value);
    expect(at.get('a2')!.x).toBeGreaterThan(at.get('a1')!.x);
    expect(at.get('a4')!.x).toBe(at.get('a2')!.x);
    expect(at.get('a4')!.y).toBeGreaterThan(at.get('a2')!.y);
    expect(at.get('a3')!.y).toBeGreaterThan(at.get('a4')!.y);
  });

  it('writes the status in words, and marks optional actions', () => {
    const svg = dependencyGraph(groups).value;
    expect(svg).toContain('a2 · running');
    expect(svg).toContain('a4 · pending · optional');
    expect(svg).toMatch(/data-action="a4" data-status="pending"><title>a4: and a text message too \(pending, optional\)/);
  });

  it('escapes what the requester wrote and holds no script or outside reference', () => {
    const svg = dependencyGraph([{ id: 'g1', label: '<g1>', actions: [{ id: 'a1', text: '<script>alert(1)</script> "x" & \'y\'', dependsOn: [], optional: false, status: 'done' }] }], { title: '</title><script>' }).value;
    expect(svg).not.toMatch(/<script/);
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; &amp; &#39;y&#39;');
    expect(svg).not.toMatch(/href=|xlink|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it('shortens long texts to two lines and survives a cycle or an unknown dependency', () => {
    const long = 'word '.repeat(40).trim();
    const svg = dependencyGraph([
      {
        id: 'g1',
        label: 'g1',
        actions: [
          { id: 'a1', text: long, dependsOn: ['a2', 'zz'], optional: false, status: 'pending' },
          { id: 'a2', text: 'b', dependsOn: ['a1'], optional: false, status: 'pending' },
        ],
      },
    ]).value;
    const lines = [...svg.matchAll(/<text x="\d+" y="\d+" fill="#1f2933">([^<]*)<\/text>/g)].map((m) => m[1]!);
    expect(lines.filter((l) => l.startsWith('word'))).toHaveLength(2);
    expect(lines.some((l) => l.endsWith('…'))).toBe(true);
    expect(lines.every((l) => l.length <= 30)).toBe(true);
  });
});
