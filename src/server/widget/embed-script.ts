import 'server-only';
import { translate } from '@/i18n/translate';
import { locales } from '@/lib/locale';
import { widgetHeightMessage, widgetLimit, widgetPath } from '@/lib/widget';

// The script snippet's code, served as /api/widget/embed.js. It runs on other people's sites, so it is
// small, plain ES2017 with no dependency, defines no global and sets no cookie. The portal's address is
// that of the script itself, so one file serves every deployment and a proxy in front changes nothing.

const frameTitles = Object.fromEntries(locales.map((l) => [l, translate(l, 'widget.frame_title')]));

// A first height close to the list's, so the host page barely moves when the real one arrives; the
// height is then only taken from our own frame (its origin and its window), and kept within bounds.
const source = `(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src, location.href).origin;
  var data = script.dataset;
  var lang = data.lang === 'en' ? 'en' : 'pl';
  var limit = Math.min(Math.max(parseInt(data.limit, 10) || ${widgetLimit.default}, 1), ${widgetLimit.max});
  var query = new URLSearchParams(data.place ? '' : data.search || '');
  if (data.place) query.set('place_id', data.place);
  query.set('theme', data.theme === 'dark' ? 'dark' : 'light');
  query.set('lang', lang);
  query.set('limit', String(limit));
  var frame = document.createElement('iframe');
  frame.src = origin + ${JSON.stringify(widgetPath)} + '?' + query;
  frame.title = ${JSON.stringify(frameTitles)}[lang];
  frame.loading = 'lazy';
  frame.style.cssText = 'display:block;width:100%;max-width:100%;border:0;height:' + (120 + 64 * limit) + 'px';
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var message = event.data;
    if (!message || message.type !== ${JSON.stringify(widgetHeightMessage)} || typeof message.height !== 'number') return;
    frame.style.height = Math.min(Math.max(Math.ceil(message.height), 40), 4000) + 'px';
  });
})();
`;

/** The text of embed.js (built once: it changes only with a new version of the portal). */
export function embedScript(): string {
  return source;
}
