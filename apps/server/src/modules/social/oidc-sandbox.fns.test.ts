import {
  escapeHtml,
  renderSandboxLoginPage,
  sandboxLoginFormSchema,
  sandboxSubject,
} from './oidc-sandbox.fns.ts';

describe('sandboxSubject', () => {
  it('is stable per address whatever its case or spacing, and differs between addresses', () => {
    expect(sandboxSubject(' Ada@Example.com')).toBe(sandboxSubject('ada@example.com'));
    expect(sandboxSubject('ada@example.com')).not.toBe(sandboxSubject('bob@example.com'));
    expect(sandboxSubject('ada@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the sandbox login page', () => {
  it('posts back to its interaction and escapes what it echoes', () => {
    const html = renderSandboxLoginPage({
      uid: 'abc',
      clientId: 'coinfall-sandbox',
      values: { email: '"><script>x</script>', name: 'O’Neil & Co' },
      problem: '<b>bad</b>',
    });
    expect(html).toContain('<form method="post" action="/oidc-sandbox/interaction/abc">');
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).toContain('O’Neil &amp; Co');
    expect(html).toContain('&lt;b&gt;bad&lt;/b&gt;');
  });

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('sandboxLoginFormSchema', () => {
  it('takes an email and a name, trimmed', () => {
    expect(sandboxLoginFormSchema.parse({ email: ' a@b.co ', name: ' Ada ' })).toEqual({
      email: 'a@b.co',
      name: 'Ada',
    });
  });

  it.each([
    [{ email: 'nope', name: 'Ada' }],
    [{ email: 'a@b.co', name: '  ' }],
    [{ email: 'a@b.co' }],
  ])('refuses %j', (form) => {
    expect(sandboxLoginFormSchema.safeParse(form).success).toBe(false);
  });
});
