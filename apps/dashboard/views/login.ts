import { html, type Html } from '../html.js';
import { page } from '../layout.js';

/** The login form: the API token, once; a session cookie afterwards. */
export function loginPage(next: string, failed: boolean): Html {
  return page(
    { title: 'Log in', ...(failed ? { error: 'That token is not right.' } : {}) },
    html`<p>The dashboard is behind the assistant's API token (<code>MAJORDOMO_API_TOKEN</code>).</p>
<form class="login" method="post" action="/dashboard/login">
  <input type="hidden" name="next" value="${next}">
  <label for="token">API token</label>
  <input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
  <button type="submit">Log in</button>
</form>`,
  );
}
