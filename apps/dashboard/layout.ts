import { html, trusted, type Html } from './html.js';

export type Section = 'requests' | 'questions' | 'agents' | 'scheduled' | 'history' | 'health' | 'queues';

const NAV: ReadonlyArray<{ section: Section; label: string; path: string }> = [
  { section: 'requests', label: 'Requests', path: '/dashboard/requests' },
  { section: 'questions', label: 'Pending questions', path: '/dashboard/questions' },
  { section: 'agents', label: 'Agents', path: '/dashboard/agents' },
  { section: 'scheduled', label: 'Scheduled', path: '/dashboard/scheduled' },
  { section: 'history', label: 'Reports & history', path: '/dashboard/history' },
  { section: 'health', label: 'Health', path: '/dashboard/health' },
  { section: 'queues', label: 'Queues', path: '/dashboard/queues' },
];

/** What is said after a form did its work; only these, so a link cannot put words on the page. */
export const NOTICES = {
  answered: 'Answer sent: the agent resumes.',
  stopping: 'Stop requested: the agent ends after its current action and reports.',
  'not-running': 'That agent is no longer running.',
  cancelled: 'Cancelled: it will not run.',
  'not-pending': 'That was no longer scheduled.',
} as const;

export type Notice = keyof typeof NOTICES;

export interface PageOptions {
  title: string;
  section?: Section;
  /** Present when logged in with a session: the logout form needs its CSRF token. */
  csrf?: string;
  /** Where the page's live region gets its updates (server-sent events). */
  live?: string;
  notice?: Notice;
  /** Problems to show above the content (a rejected answer). */
  error?: string;
}

/** The page around every view: navigation, the live-update script, logout. */
export function page(options: PageOptions, body: Html): Html {
  const notice = options.notice ? NOTICES[options.notice] : undefined;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${options.title} · Majordomo</title>
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
<script src="/dashboard/assets/dashboard.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <span class="brand">Majordomo</span>
  ${options.section ? nav(options.section) : ''}
  ${
    options.csrf
      ? html`<form class="logout" method="post" action="/dashboard/logout"><input type="hidden" name="_csrf" value="${options.csrf}"><button type="submit">Log out</button></form>`
      : ''
  }
</header>
<main id="main"${options.live ? html` data-live="${options.live}"` : ''}>
<h1>${options.title}</h1>
${options.live ? html`<p class="live-status" role="status" data-live-status>Connecting for live updates…</p>` : ''}
${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''}
${body}
</main>
</body>
</html>`;
}

function nav(current: Section): Html {
  return html`<nav aria-label="Dashboard"><ul>${NAV.map(
    (n) => html`<li><a href="${n.path}"${n.section === current ? html` aria-current="page"` : ''}>${n.label}</a></li>`,
  )}</ul></nav>`;
}

/** A live region: the page's script keeps its keyed children in step with the server. */
export function region(id: string, items: ReadonlyArray<LiveItem>, tag: 'div' | 'tbody' = 'div'): Html {
  return html`${trusted(`<${tag} id="`)}${id}" data-region>${items.map((i) => i.html)}${trusted(`</${tag}>`)}`;
}

/** One keyed child of a live region; its markup's root element carries `data-key`. */
export interface LiveItem {
  key: string;
  html: Html;
}
