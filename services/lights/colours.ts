import type { EntityValue } from '../../core/plugin/hints.js';

/** A colour a light can be asked for: a hue (as hex) or a white of some warmth (as a colour temperature, in mireds). */
export interface LightColour {
  name: string;
  names: string[];
  hex?: string;
  mired?: number;
}

/** Colours by name, as people say them; whites by warmth, as colour-temperature bulbs take them. */
export const COLOURS: readonly LightColour[] = [
  { name: 'red', names: ['red'], hex: '#FF0000' },
  { name: 'orange', names: ['orange'], hex: '#FF8000' },
  { name: 'yellow', names: ['yellow'], hex: '#FFD700' },
  { name: 'green', names: ['green'], hex: '#00FF00' },
  { name: 'cyan', names: ['cyan', 'turquoise', 'teal'], hex: '#00FFFF' },
  { name: 'blue', names: ['blue'], hex: '#0000FF' },
  { name: 'purple', names: ['purple', 'violet', 'lilac'], hex: '#8000FF' },
  { name: 'pink', names: ['pink', 'magenta'], hex: '#FF40A0' },
  { name: 'warm white', names: ['warm white', 'warm', 'warmer', 'soft white'], mired: 454 },
  { name: 'white', names: ['white', 'neutral white', 'normal white', 'daylight'], mired: 250 },
  { name: 'cool white', names: ['cool white', 'cold white', 'cool', 'cooler', 'bright white'], mired: 153 },
];

export function colourValues(): EntityValue[] {
  return COLOURS.map((c) => ({ value: c.name, names: c.names }));
}

export function colourNamed(name: string): LightColour | undefined {
  const said = name.trim().toLowerCase();
  return COLOURS.find((c) => c.name === said || c.names.includes(said));
}
