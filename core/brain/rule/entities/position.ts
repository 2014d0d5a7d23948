/** Block coordinates in a game world: "100 64 -20", "x=100, y=64, z=-20", "(100, 64, -20)", "x 100 z -20". */

/** A position as read: `y` is absent when only x and z were said (a place on the map, at whatever height). */
export interface PositionValue {
  x: number;
  y?: number;
  z: number;
}

const N = String.raw`([+-]?\d{1,8})`;
const SEP = String.raw`\s*[,;/]?\s*`;
/** Each axis named: "x 100 y 64 z -20", "x: 100, z: -20", "x=100 y=64 z=-20". */
const LABELED = new RegExp(String.raw`\bx\s*[=:]?\s*${N}${SEP}(?:\by\s*[=:]?\s*${N}${SEP})?\bz\s*[=:]?\s*${N}(?![\d.])`, 'i');
/** Three numbers in a row, x y z: "100 64 -20", "100, 64, -20", "(100,64,-20)". */
const TRIPLE = new RegExp(String.raw`(?<![\w.:,+-])\(?\s*${N}(?:\s*,\s*|\s+)${N}(?:\s*,\s*|\s+)${N}\s*\)?(?![\w.%:]|,\d)`);

/** Where in the text the coordinates were said, and what they are. */
export interface PositionHit {
  value: PositionValue;
  start: number;
  end: number;
}

/** The block coordinates a request names, if it names them; the first said. */
export function readPosition(text: string): PositionHit | undefined {
  const hits = [LABELED.exec(text), TRIPLE.exec(text)].filter((m): m is RegExpExecArray => m !== null).sort((a, b) => a.index - b.index);
  const m = hits[0];
  if (!m) return undefined;
  // Both patterns capture x, y (which may be absent) and z, in that order.
  const [, x, y, z] = m;
  const value: PositionValue = { x: Number(x), ...(y !== undefined ? { y: Number(y) } : {}), z: Number(z) };
  return { value, start: m.index, end: m.index + m[0].length };
}
