/**
 * HTML built from templates in which every interpolated value is escaped, unless it is
 * itself HTML built this way. Nothing from a request, a plan or a service reaches a page
 * any other way.
 */
export class Html {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an element's content or a quoted attribute (HTML and SVG alike). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** `html\`<p>${text}</p>\``: values are escaped; `Html` values and arrays of them are inserted as they are. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Markup that is trusted as it is: only for constants of this module's callers. */
export function trusted(markup: string): Html {
  return new Html(markup);
}

/** A path under the dashboard with each segment and query value encoded. */
export function href(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** `/dashboard/requests/<id>` with the id encoded as one path segment. */
export function link(...segments: string[]): string {
  return `/dashboard/${segments.map(encodeURIComponent).join('/')}`;
}
