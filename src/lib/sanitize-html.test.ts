import { describe, expect, it } from 'vitest';
import { sanitizeDescription, sanitizeTextPage } from './sanitize-html';

const safeLink = 'rel="noopener noreferrer nofollow"';

describe('sanitizeDescription', () => {
  it('keeps everything the description editor writes', () => {
    const html =
      '<h3>Program</h3><p>Wieczór z <strong>muzyką</strong> i <em>tańcem</em>.<br>Wstęp wolny.</p>' +
      '<ul><li><p>jeden</p><ol><li><p>dwa</p></li></ol></li></ul>' +
      '<p><a href="https://example.com/bilety">bilety</a>, <a href="http://example.com/">strona</a>, ' +
      '<a href="mailto:anna@example.com">napisz</a></p>';
    expect(sanitizeDescription(html)).toBe(
      html
        .replace('<br>', '<br />')
        .replace('<a href="https://example.com/bilety">', `<a href="https://example.com/bilety" ${safeLink}>`)
        .replace('<a href="http://example.com/">', `<a href="http://example.com/" ${safeLink}>`)
        .replace('<a href="mailto:anna@example.com">', `<a href="mailto:anna@example.com" ${safeLink}>`),
    );
  });

  it('keeps b and i from older descriptions', () => {
    expect(sanitizeDescription('<p><b>a</b> <i>b</i></p>')).toBe('<p><b>a</b> <i>b</i></p>');
  });

  it('gives every link the same rel, whatever it came with', () => {
    expect(sanitizeDescription('<a href="https://example.com/" rel="opener">x</a>')).toBe(
      `<a href="https://example.com/" ${safeLink}>x</a>`,
    );
  });

  it('drops scripts, styles, frames and handlers altogether', () => {
    const html =
      '<p onclick="x()" style="color:red" class="big">Tekst</p><script>alert(1)</script>' +
      '<style>p{}</style><iframe src="https://example.com"></iframe><img src=x onerror="alert(1)">';
    expect(sanitizeDescription(html)).toBe('<p>Tekst</p>');
  });

  it('keeps only the text of tags the editor does not write (other headings, quotes, underline, tables)', () => {
    expect(
      sanitizeDescription(
        '<h2>Duży</h2><h4>Mały</h4><blockquote>Cytat</blockquote><p><u>pod</u><span>kreślony</span></p><table><tr><td>t</td></tr></table>',
      ),
    ).toBe('DużyMałyCytat<p>podkreślony</p>t');
  });

  it('keeps links to web and e-mail addresses only', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      'tel:+48123',
      '//example.com/x',
      'vbscript:x',
    ]) {
      expect(sanitizeDescription(`<a href="${href}" title="t" target="_top">x</a>`), href).toBe(
        `<a ${safeLink}>x</a>`,
      );
    }
  });

  it('shows a script typed as text as text', () => {
    const typed = '<p>&lt;script&gt;alert("x")&lt;/script&gt;</p>';
    expect(sanitizeDescription(typed)).toBe('<p>&lt;script&gt;alert("x")&lt;/script&gt;</p>');
  });
});

describe('sanitizeTextPage', () => {
  it('keeps the headings and quotes of text pages, and still drops scripts', () => {
    expect(
      sanitizeTextPage(
        '<h2>Zasady</h2><blockquote><p onclick="x()">Cytat</p></blockquote><script>x()</script>',
      ),
    ).toBe('<h2>Zasady</h2><blockquote><p>Cytat</p></blockquote>');
  });
});
