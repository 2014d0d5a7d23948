import { describe, expect, it } from 'vitest';
import { escapeHtml, href, html, link, trusted } from './html.js';

describe('html', () => {
  it('escapes every interpolated value, in content and in attributes', () => {
    const evil = `<script>alert("x")</script><img src=x onerror='alert(1)'>&`;
    const out = html`<p title="${evil}">${evil}</p>`.value;
    expect(out).not.toMatch(/<script|<img/);
    expect(out).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;&amp;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;&amp;</p>',
    );
  });

  it('inserts nested templates and arrays of them as markup, and drops empty values', () => {
    const items = ['a<b', 'c'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}</ul>${undefined}${null}${false}${0}`.value).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
  });

  it('keeps markup only when it is marked as trusted', () => {
    expect(html`${'<b>'}${trusted('<b>')}`.value).toBe('&lt;b&gt;<b>');
    expect(escapeHtml(`'"`)).toBe('&#39;&quot;');
  });

  it('encodes path segments and query values', () => {
    expect(link('requests', 'r-1/../x?y')).toBe('/dashboard/requests/r-1%2F..%2Fx%3Fy');
    expect(href('/dashboard/history', { q: 'a&b=c', status: undefined, offset: 25 })).toBe('/dashboard/history?q=a%26b%3Dc&offset=25');
    expect(href('/dashboard/history', { q: '' })).toBe('/dashboard/history');
  });
});
