import { describe, expect, it } from 'vitest';
import { isAllowedImage, plainExcerpt, renderForumMarkdown } from './render';
import { XSS_PAYLOADS } from './render-payloads';

const OPTIONS = { origin: 'https://stratum.example' };
const render = (source: string) => renderForumMarkdown(source, OPTIONS);

const SAFE_TAGS = new Set(
  'p br hr h1 h2 h3 h4 h5 h6 strong em del s code pre blockquote ul ol li a img table thead tbody tr th td'.split(
    ' ',
  ),
);
const SAFE_ATTRIBUTES = new Set(['href', 'title', 'rel', 'src', 'alt', 'class', 'align', 'start']);
const SAFE_URL = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

/** Every tag of the output: its name and attributes (the output is sanitize-html's, well formed). */
function tagsOf(html: string) {
  return [...html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)].map(([, name = '', rest = '']) => ({
    name: name.toLowerCase(),
    attributes: [...rest.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)].map(
      ([, key = '', value = '']) => ({
        key: key.toLowerCase(),
        value: value.replace(/&amp;/g, '&'),
      }),
    ),
  }));
}

function expectInert(html: string) {
  for (const tag of tagsOf(html)) {
    expect(SAFE_TAGS.has(tag.name), `tag <${tag.name}> in ${html}`).toBe(true);
    for (const { key, value } of tag.attributes) {
      expect(SAFE_ATTRIBUTES.has(key), `attribute ${key} in ${html}`).toBe(true);
      if (key === 'href' || key === 'src') expect(value, html).toMatch(SAFE_URL);
    }
    if (tag.name === 'a' && tag.attributes.some((a) => a.key === 'href')) {
      expect(tag.attributes, html).toContainEqual({ key: 'rel', value: 'nofollow noopener ugc' });
    }
    if (tag.name === 'img') {
      const src = tag.attributes.find((a) => a.key === 'src')?.value ?? '';
      expect(isAllowedImage(src, OPTIONS), `image ${src}`).toBe(true);
    }
  }
  // Escaped text is inert; no tag a browser would run is left, in any case or spelling.
  expect(html).not.toMatch(
    /<\/?(script|iframe|svg|style|object|embed|form|meta|link|base|math|input)/i,
  );
}

describe('the forum renderer against hostile input', () => {
  it('has the cheat sheet cases', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(XSS_PAYLOADS.map((p) => [p]))('leaves nothing executable: %s', (payload) => {
    expectInert(render(payload));
    // Inside other Markdown too.
    expectInert(render(`Intro **text**\n\n- item ${payload}\n\n> ${payload}`));
  });

  it('shows raw HTML as text instead of dropping what the author wrote', () => {
    expect(render('<b>bold?</b>')).toBe('<p>&lt;b&gt;bold?&lt;/b&gt;</p>');
  });
});

describe('what a post may contain', () => {
  it('renders Markdown: headings, emphasis, lists, code with its language, tables', () => {
    const html = render(
      '## Title\n\n*a* **b** ~~c~~\n\n1. one\n2. two\n\n```ts\nconst x = 1;\n```',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<em>a</em> <strong>b</strong> <del>c</del>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<code class="language-ts">const x = 1;\n</code>');
  });

  it('marks every link nofollow noopener ugc, autolinks included', () => {
    expect(render('[site](https://example.com) and https://example.org')).toBe(
      '<p><a href="https://example.com" rel="nofollow noopener ugc">site</a> and <a href="https://example.org" rel="nofollow noopener ugc">https://example.org</a></p>',
    );
  });

  it('keeps images from Stratum and the allow-list, and turns others into links', () => {
    expect(render('![own](/logo.png)')).toBe('<p><img src="/logo.png" alt="own" /></p>');
    expect(render('![listed](https://i.imgur.com/x.png)')).toContain(
      '<img src="https://i.imgur.com/x.png" alt="listed" />',
    );
    expect(render('![tracker](https://evil.example/pixel.gif)')).toBe(
      '<p><a href="https://evil.example/pixel.gif" rel="nofollow noopener ugc">tracker</a></p>',
    );
    expect(render('![plain](http://i.imgur.com/x.png)')).not.toContain('<img');
  });

  it('gives a plain-text excerpt', () => {
    expect(plainExcerpt(render('**Hello** <world> & [you](https://x.example)'))).toBe(
      'Hello <world> & you',
    );
    expect(plainExcerpt(render('a'.repeat(300)), 50)).toHaveLength(50);
  });
});
